-- Trigram indexes (next migration) make ILIKE '%text%' searches on names and emails index scans.
-- pg_trgm is a trusted extension: a database owner may create it on PostgreSQL 13+, and PGlite loads it
-- in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
