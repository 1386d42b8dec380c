CREATE INDEX "users_latitude" ON "users" USING btree ("latitude_e6");--> statement-breakpoint
CREATE INDEX "groups_latitude" ON "groups" USING btree ("latitude_e6");--> statement-breakpoint
CREATE INDEX "plans_latitude" ON "plans" USING btree ("latitude_e6");