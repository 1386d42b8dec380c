-- A group's members counted once, kept by the database: lists and search read groups.member_count
-- instead of counting the group's group_members entries at every read (search's group page counted
-- ~11,000 for 31 candidates). Statement triggers with transition tables add what each statement
-- changed, one UPDATE per group touched, however many rows the statement wrote (a world's
-- INSERT ... SELECT of two million members updates each group once). Concurrent joins of one group
-- wait for each other's row lock and add to the latest count. TRUNCATE fires none of them: Plaza
-- never truncates group_members.
ALTER TABLE "groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plaza_group_member_count_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE groups g SET member_count = g.member_count + d.n
      FROM (SELECT group_id, count(*) AS n FROM plaza_new_members WHERE status = 'member' GROUP BY group_id) d
      WHERE g.id = d.group_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE groups g SET member_count = g.member_count - d.n
      FROM (SELECT group_id, count(*) AS n FROM plaza_old_members WHERE status = 'member' GROUP BY group_id) d
      WHERE g.id = d.group_id;
  ELSE
    UPDATE groups g SET member_count = g.member_count + d.n
      FROM (SELECT group_id, sum(n) AS n FROM (
          SELECT group_id, 1 AS n FROM plaza_new_members WHERE status = 'member'
          UNION ALL
          SELECT group_id, -1 FROM plaza_old_members WHERE status = 'member') changed
        GROUP BY group_id) d
      WHERE g.id = d.group_id AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER plaza_group_member_count_insert AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS plaza_new_members
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_group_member_count_change();--> statement-breakpoint
CREATE TRIGGER plaza_group_member_count_update AFTER UPDATE ON group_members
  REFERENCING OLD TABLE AS plaza_old_members NEW TABLE AS plaza_new_members
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_group_member_count_change();--> statement-breakpoint
CREATE TRIGGER plaza_group_member_count_delete AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS plaza_old_members
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_group_member_count_change();--> statement-breakpoint
UPDATE groups g SET member_count = (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.status = 'member');
