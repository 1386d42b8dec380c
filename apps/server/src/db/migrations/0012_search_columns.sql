DROP INDEX "users_search_tsv";--> statement-breakpoint
DROP INDEX "groups_search_tsv";--> statement-breakpoint
DROP INDEX "groups_search_trgm";--> statement-breakpoint
DROP INDEX "plans_search_tsv";--> statement-breakpoint
DROP INDEX "plans_search_trgm";--> statement-breakpoint
-- Search (decision 0015): the searchable text kept in stored generated columns, so matching and
-- ranking read it instead of rebuilding it per row (an expression index still recomputes the
-- expression for every candidate row: 3 s for 10,000 matches of 100,000 plans, 19 ms stored).
ALTER TABLE "users" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, plaza_search_text("first", "last", "username", "bio", NULL))) STORED;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, plaza_search_text("title", "description", "location_name", "city", "hashtags"))) STORED;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_names" text GENERATED ALWAYS AS (plaza_search_text("title", "location_name", "city", NULL, "hashtags")) STORED;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, plaza_search_text("title", "description", "location_name", "city", "hashtags"))) STORED;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "search_names" text GENERATED ALWAYS AS (plaza_search_text("title", "location_name", "city", NULL, "hashtags")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_tsv" ON "users" USING gin (search_tsv);--> statement-breakpoint
CREATE INDEX "groups_search_tsv" ON "groups" USING gin (search_tsv);--> statement-breakpoint
CREATE INDEX "groups_search_trgm" ON "groups" USING gin (search_names gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_search_tsv" ON "plans" USING gin (search_tsv);--> statement-breakpoint
CREATE INDEX "plans_search_trgm" ON "plans" USING gin (search_names gin_trgm_ops);