-- Search speed (decision 0015). Hand-written: apart from the three search_tsv GIN indexes (made
-- again under their names), nothing here is in the Drizzle schema, so drizzle-kit leaves it alone.
--
-- 1. The full-text columns get weights, so ts_rank alone says where a word was found (a title or a
--    name: A, a place, city or hashtag: B, a description or bio: D) and search no longer needs
--    word_similarity per matching row. The GIN indexes keep their names, and are built without a
--    pending list (fastupdate off): with one, every search read the up to 4 MB of rows not yet merged.
ALTER TABLE "plans" DROP COLUMN "search_tsv";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "title"), 'A')
  || setweight(to_tsvector('simple'::regconfig, plaza_search_text("location_name", "city", NULL, NULL, "hashtags")), 'B')
  || setweight(to_tsvector('simple'::regconfig, "description"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "plans_search_tsv" ON "plans" USING gin ("search_tsv") WITH (fastupdate = off);--> statement-breakpoint
ALTER TABLE "groups" DROP COLUMN "search_tsv";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, "title"), 'A')
  || setweight(to_tsvector('simple'::regconfig, plaza_search_text("location_name", "city", NULL, NULL, "hashtags")), 'B')
  || setweight(to_tsvector('simple'::regconfig, "description"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "groups_search_tsv" ON "groups" USING gin ("search_tsv") WITH (fastupdate = off);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_tsv";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, plaza_search_text("first", "last", "username", NULL, NULL)), 'A')
  || setweight(to_tsvector('simple'::regconfig, "bio"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_tsv" ON "users" USING gin ("search_tsv") WITH (fastupdate = off);--> statement-breakpoint
-- 2. The words in use, for typo tolerance: a misspelt query word is looked up here by trigram
--    word distance (a GiST index answers the nearest words at once), and its near words join the
--    tsquery, instead of trigram similarity computed for every row of a table. Only words of three
--    or more characters that are not numbers and hold no punctuation (tsquery syntax). Triggers add
--    the words of new and changed rows; a word no row uses any more only costs an empty match.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE FUNCTION plaza_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two transactions adding the same new words lock them in the same order.
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(n.search_tsv)) AS w
    WHERE length(w) >= 3 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:]]'
    ORDER BY w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "plans_search_words_insert" AFTER INSERT ON "plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
CREATE TRIGGER "plans_search_words_update" AFTER UPDATE ON "plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
CREATE TRIGGER "groups_search_words_insert" AFTER INSERT ON "groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
CREATE TRIGGER "groups_search_words_update" AFTER UPDATE ON "groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
CREATE TRIGGER "users_search_words_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
CREATE TRIGGER "users_search_words_update" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plaza_search_words_add();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (SELECT search_tsv FROM plans UNION ALL SELECT search_tsv FROM groups
    UNION ALL SELECT search_tsv FROM users) s, unnest(tsvector_to_array(s.search_tsv)) AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:]]'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- 3. Rows changed since a search's ranking was kept (search keeps the best ids of a query for a
--    short while) are found by these, so a new plan, group or profile is searchable at once.
CREATE INDEX "plans_updated_at" ON "plans" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "groups_updated_at" ON "groups" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "users_updated_at" ON "users" USING btree ("updated_at");--> statement-breakpoint
-- 4. A plan invitation by e-mail or phone, looked up from the invited person's side.
CREATE INDEX "plan_contact_invites_email" ON "plan_contact_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "plan_contact_invites_phone" ON "plan_contact_invites" USING btree ("phone");
