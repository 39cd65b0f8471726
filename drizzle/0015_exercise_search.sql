-- pg_trgm: trigram matching for the exercise search (decision 0046). A trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it from the client's extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(regexp_replace(name, '[[:space:][:punct:]]+', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "exercises_search_key_trgm_idx" ON "exercises" USING gin ("search_key" gin_trgm_ops);