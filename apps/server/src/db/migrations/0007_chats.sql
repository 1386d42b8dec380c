ALTER TABLE "chats" ADD COLUMN "dm_pair" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_dm_pair" ON "chats" USING btree ("dm_pair");