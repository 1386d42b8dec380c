-- A plan's answers counted once per kind and occurrence, kept by the database (decision 0049): a plan
-- card and a plan page read plan_answer_counts instead of counting the plan's plan_responses index
-- entries at every read (search's 21 cards counted ~2,500 on the generated world; a plan with 2,000
-- going counts 2,000 for every card of it). Statement triggers with transition tables add what each
-- statement changed (plaza_plan_answer_counts_add), one upsert per plan and occurrence touched, in
-- the order of the key (so two statements that touch the same plans take their row locks in the same
-- order). A plan deleted takes its counts with it (the foreign key's cascade); the cascade of its
-- answers then finds no plan and adds nothing. TRUNCATE fires none of them: Plaza never truncates
-- plan_responses.
CREATE TABLE "plan_answer_counts" (
	"plan_id" integer NOT NULL,
	"occurrence" text NOT NULL,
	"attending" integer DEFAULT 0 NOT NULL,
	"interested" integer DEFAULT 0 NOT NULL,
	"next_time" integer DEFAULT 0 NOT NULL,
	"unattending" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_answer_counts_plan_id_occurrence_pk" PRIMARY KEY("plan_id","occurrence")
);
--> statement-breakpoint
ALTER TABLE "plan_answer_counts" ADD CONSTRAINT "plan_answer_counts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plaza_plan_answer_counts_add(plan_ids integer[], occurrences text[], responses text[], deltas integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO plan_answer_counts AS c (plan_id, occurrence, attending, interested, next_time, unattending, unanswered)
    SELECT * FROM (
      SELECT d.plan_id, d.occurrence,
        coalesce(sum(d.n) FILTER (WHERE d.response = 'ATTENDING'), 0) AS attending,
        coalesce(sum(d.n) FILTER (WHERE d.response = 'INTERESTED'), 0) AS interested,
        coalesce(sum(d.n) FILTER (WHERE d.response = 'NEXT_TIME'), 0) AS next_time,
        coalesce(sum(d.n) FILTER (WHERE d.response = 'UNATTENDING'), 0) AS unattending,
        coalesce(sum(d.n) FILTER (WHERE d.response IS NULL), 0) AS unanswered
      FROM unnest(plan_ids, occurrences, responses, deltas) AS d(plan_id, occurrence, response, n)
      WHERE EXISTS (SELECT 1 FROM plans p WHERE p.id = d.plan_id)
      GROUP BY d.plan_id, d.occurrence) changed
    WHERE (attending, interested, next_time, unattending, unanswered) <> (0, 0, 0, 0, 0)
    ORDER BY plan_id, occurrence
    ON CONFLICT (plan_id, occurrence) DO UPDATE SET attending = c.attending + excluded.attending,
      interested = c.interested + excluded.interested, next_time = c.next_time + excluded.next_time,
      unattending = c.unattending + excluded.unattending, unanswered = c.unanswered + excluded.unanswered;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plaza_plan_answer_counts_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Each branch names only the transition tables its trigger has; the adding is one upsert.
  IF TG_OP = 'INSERT' THEN
    PERFORM plaza_plan_answer_counts_add(array_agg(plan_id), array_agg(occurrence), array_agg(response), array_agg(1))
      FROM plaza_new_answers;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM plaza_plan_answer_counts_add(array_agg(plan_id), array_agg(occurrence), array_agg(response), array_agg(-1))
      FROM plaza_old_answers;
  ELSE
    PERFORM plaza_plan_answer_counts_add(array_agg(plan_id), array_agg(occurrence), array_agg(response), array_agg(n))
      FROM (SELECT plan_id, occurrence, response, 1 AS n FROM plaza_new_answers
            UNION ALL SELECT plan_id, occurrence, response, -1 FROM plaza_old_answers) changed;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER plaza_plan_answer_counts_insert AFTER INSERT ON plan_responses
  REFERENCING NEW TABLE AS plaza_new_answers
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_plan_answer_counts_change();--> statement-breakpoint
CREATE TRIGGER plaza_plan_answer_counts_update AFTER UPDATE ON plan_responses
  REFERENCING OLD TABLE AS plaza_old_answers NEW TABLE AS plaza_new_answers
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_plan_answer_counts_change();--> statement-breakpoint
CREATE TRIGGER plaza_plan_answer_counts_delete AFTER DELETE ON plan_responses
  REFERENCING OLD TABLE AS plaza_old_answers
  FOR EACH STATEMENT EXECUTE FUNCTION plaza_plan_answer_counts_change();--> statement-breakpoint
INSERT INTO plan_answer_counts (plan_id, occurrence, attending, interested, next_time, unattending, unanswered)
  SELECT plan_id, occurrence,
    count(*) FILTER (WHERE response = 'ATTENDING'), count(*) FILTER (WHERE response = 'INTERESTED'),
    count(*) FILTER (WHERE response = 'NEXT_TIME'), count(*) FILTER (WHERE response = 'UNATTENDING'),
    count(*) FILTER (WHERE response IS NULL)
  FROM plan_responses
  GROUP BY plan_id, occurrence
  HAVING count(*) FILTER (WHERE response IS NULL OR response IN ('ATTENDING', 'INTERESTED', 'NEXT_TIME', 'UNATTENDING')) > 0;
