-- Search (decision 0015): one lower-cased text of a row's searchable fields, for tsvector and trigram
-- expression indexes. Declared IMMUTABLE (concat_ws and array_to_string are only STABLE because of
-- their generic output functions, which for text and text[] never change) so indexes may use it.
CREATE OR REPLACE FUNCTION plaza_search_text(a text, b text, c text, d text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', a, b, c, d, array_to_string(tags, ' '))) $$;--> statement-breakpoint
CREATE INDEX "users_search_tsv" ON "users" USING gin (to_tsvector('simple'::regconfig, plaza_search_text("first", "last", "username", "bio", NULL)));--> statement-breakpoint
CREATE INDEX "groups_search_tsv" ON "groups" USING gin (to_tsvector('simple'::regconfig, plaza_search_text("title", "description", "location_name", "city", "hashtags")));--> statement-breakpoint
CREATE INDEX "groups_search_trgm" ON "groups" USING gin (plaza_search_text("title", "location_name", "city", NULL, "hashtags") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_search_tsv" ON "plans" USING gin (to_tsvector('simple'::regconfig, plaza_search_text("title", "description", "location_name", "city", "hashtags")));--> statement-breakpoint
CREATE INDEX "plans_search_trgm" ON "plans" USING gin (plaza_search_text("title", "location_name", "city", NULL, "hashtags") gin_trgm_ops);