-- Search documents now keep their other names (an English title) to show when only those matched,
-- and a magazine's contents read 「title（author）；」: every document is marked out of date, and
-- the indexer's first pass after start-up writes each again while the old one still answers.
UPDATE "search_documents" SET "source_version" = '1970-01-01T00:00:00Z';
