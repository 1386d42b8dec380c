DROP INDEX "group_members_user";--> statement-breakpoint
DROP INDEX "plan_responses_user";--> statement-breakpoint
CREATE INDEX "follows_following" ON "follows" USING btree ("user_id","target_id") WHERE "follows"."status" = 'FOLLOWING';--> statement-breakpoint
CREATE INDEX "follows_following_target" ON "follows" USING btree ("target_id","user_id") WHERE "follows"."status" = 'FOLLOWING';--> statement-breakpoint
CREATE INDEX "group_members_user" ON "group_members" USING btree ("user_id","status","group_id");--> statement-breakpoint
CREATE INDEX "plan_responses_user" ON "plan_responses" USING btree ("user_id","response","plan_id");