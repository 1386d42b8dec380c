CREATE INDEX "users_place" ON "users" USING btree ("latitude_e6","longitude_e6");--> statement-breakpoint
CREATE INDEX "groups_place" ON "groups" USING btree ("latitude_e6","longitude_e6");--> statement-breakpoint
CREATE INDEX "plans_place" ON "plans" USING btree ("latitude_e6","longitude_e6");--> statement-breakpoint
DROP INDEX "users_latitude";--> statement-breakpoint
DROP INDEX "groups_latitude";--> statement-breakpoint
DROP INDEX "plans_latitude";
