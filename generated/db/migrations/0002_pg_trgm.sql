-- substring search indexes (manifest `trigram: true`) need pg_trgm; PGlite loads it as an extension (db/connect.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
