-- Search now also finds documents by their other names (an English title, an issue's number).
-- Every document is marked stale rather than removed: it keeps answering searches until the
-- indexer, at start-up and then every minute, writes it again with its other names.
UPDATE "search_documents" SET "source_version" = '1970-01-01T00:00:00Z';
