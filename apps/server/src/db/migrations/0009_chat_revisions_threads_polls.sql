CREATE TABLE "message_thread_states" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_thread_states_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_message_id_user_id_option_id_pk" PRIMARY KEY("message_id","user_id","option_id")
);
--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "last_seen_thread_tab" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "created_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "message_thread_states" ADD CONSTRAINT "message_thread_states_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_states" ADD CONSTRAINT "message_thread_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_thread_states_user" ON "message_thread_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "poll_votes_user" ON "poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_chat_rev" ON "messages" USING btree ("chat_id","rev");--> statement-breakpoint
-- Messages stored before change numbers existed: each one's last change is its own insert.
UPDATE "messages" SET "rev" = "seq", "created_rev" = "seq";--> statement-breakpoint
UPDATE "chats" SET "last_rev" = "last_seq";--> statement-breakpoint
UPDATE "messages" p SET
	"thread_count" = (SELECT count(*)::int FROM "messages" r WHERE r."parent_id" = p."id" AND r."deleted_at" IS NULL),
	"thread_last_at" = (SELECT max(r."created_at") FROM "messages" r WHERE r."parent_id" = p."id" AND r."deleted_at" IS NULL),
	"thread_user_ids" = COALESCE((
		SELECT array_agg(l."sender_id" ORDER BY l.at DESC) FROM (
			SELECT r."sender_id", max(r."created_at") AS at FROM "messages" r
			WHERE r."parent_id" = p."id" AND r."deleted_at" IS NULL GROUP BY r."sender_id"
		) l
	), '{}'::integer[])
WHERE EXISTS (SELECT 1 FROM "messages" r WHERE r."parent_id" = p."id");
