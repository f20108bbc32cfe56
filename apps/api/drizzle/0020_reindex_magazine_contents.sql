-- Magazines' contents are indexed as 「title（author）；」 now: their search documents are written
-- again by the indexer's first pass after start-up.
DELETE FROM "search_documents" WHERE "type" = 'magazines';
