-- A person's followers counted once, kept by the database (decision 0051): explore's popular people
-- and featured people to follow read users.follower_count instead of counting each candidate's
-- follows (featured people to follow counted them for every public person of the world: 1.5-1.7 s
-- a request on the generated world). Statement triggers with transition tables, as migration 0026's:
-- one UPDATE of each person a statement touched, adding what it changed among rows with status
-- FOLLOWING, however many rows it wrote. TRUNCATE fires none of them: Plaza never truncates follows.
ALTER TABLE "users" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plaza_follower_count_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users u SET follower_count = u.follower_count + d.n
      FROM (SELECT target_id, count(*) AS n FROM plaza_new_follows WHERE status = 'FOLLOWING' GROUP BY target_id) d
      WHERE u.id = d.target_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users u SET follower_count = u.follower_count - d.n
      FROM (SELECT target_id, count(*) AS n FROM plaza_old_follows WHERE status = 'FOLLOWING' GROUP BY target_id) d
      WHERE u.id = d.target_id;
  ELSE
    UPDATE users u SET follower_count = u.follower_count + d.n
      FROM (SELECT target_id, sum(n) AS n FROM (
          SELECT target_id, 1 AS n FROM plaza_new_follows WHERE status = 'FOLLOWING'
          UNION ALL
          SELECT target_id, -1 FROM plaza_old_follows WHERE status = 'FOLLOWING') changed
        GROUP BY target_id) d
      WHERE u.id = d.target_id AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER plaza_follower_count_insert AFTER INSERT ON follows
  REFERENCING NEW TABLE AS plaza_new_follows
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_follower_count_change();--> statement-breakpoint
CREATE TRIGGER plaza_follower_count_update AFTER UPDATE ON follows
  REFERENCING OLD TABLE AS plaza_old_follows NEW TABLE AS plaza_new_follows
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_follower_count_change();--> statement-breakpoint
CREATE TRIGGER plaza_follower_count_delete AFTER DELETE ON follows
  REFERENCING OLD TABLE AS plaza_old_follows
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_follower_count_change();--> statement-breakpoint
UPDATE users u SET follower_count = c.n
  FROM (SELECT target_id, count(*) AS n FROM follows WHERE status = 'FOLLOWING' GROUP BY target_id) c
  WHERE u.id = c.target_id;
