CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"username" text NOT NULL,
	"first" text DEFAULT '' NOT NULL,
	"last" text DEFAULT '' NOT NULL,
	"image" text,
	"bio" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"birthday" date,
	"sms_contacts_optin" boolean DEFAULT false NOT NULL,
	"location_city" text,
	"latitude_e6" integer,
	"longitude_e6" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"has_join_requests" boolean DEFAULT false NOT NULL,
	"explore_status" text DEFAULT 'ENABLED' NOT NULL,
	"creator_id" integer NOT NULL,
	"location_name" text,
	"address" text,
	"city" text,
	"state" text,
	"latitude_e6" integer,
	"longitude_e6" integer,
	"view_mask" integer DEFAULT 128 NOT NULL,
	"join_mask" integer DEFAULT 1 NOT NULL,
	"create_plan_mask" integer DEFAULT 128 NOT NULL,
	"create_chat_message_mask" integer DEFAULT 128 NOT NULL,
	"create_chat_image_mask" integer DEFAULT 128 NOT NULL,
	"create_chat_poll_mask" integer DEFAULT 128 NOT NULL,
	"create_chat_video_mask" integer DEFAULT 128 NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "plan_responses" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"response" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_responses_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"creator_id" integer NOT NULL,
	"group_id" integer,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location_name" text,
	"address" text,
	"city" text,
	"state" text,
	"latitude_e6" integer,
	"longitude_e6" integer,
	"recurrence" jsonb,
	"explore_status" text DEFAULT 'ENABLED' NOT NULL,
	"chat_enabled" boolean DEFAULT true NOT NULL,
	"view_mask" integer DEFAULT 1 NOT NULL,
	"modify_mask" integer DEFAULT 64 NOT NULL,
	"share_mask" integer DEFAULT 23 NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"chat_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_seen_seq" bigint DEFAULT 0 NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"mute_until" timestamp with time zone,
	CONSTRAINT "chat_members_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"group_id" integer,
	"plan_id" integer,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"rate_limit" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"chat_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"sender_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"parent_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "download_link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"is_subscribed" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_responses" ADD CONSTRAINT "plan_responses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_responses" ADD CONSTRAINT "plan_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("first" || ' ' || "last" || ' ' || "username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_members_user" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_title_trgm" ON "groups" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plan_responses_user" ON "plan_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plans_starts_at" ON "plans" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "plans_group" ON "plans" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "plans_title_trgm" ON "plans" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_members_user" ON "chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_group" ON "chats" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_plan" ON "chats" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "chats_last_message_at" ON "chats" USING btree ("last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_seq" ON "messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_sender_client" ON "messages" USING btree ("chat_id","sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_parent" ON "messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "download_link_requests_phone" ON "download_link_requests" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "download_link_requests_ip" ON "download_link_requests" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "tracking_events_session" ON "tracking_events" USING btree ("session_id");
--> statement-breakpoint
INSERT INTO "users" ("id", "key", "username", "first", "last", "bio", "is_verified") VALUES (1, 'plazabot', 'plaza', 'Plaza', '', 'The Plaza helper. I post reminders and tips.', true);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('users', 'id'), 1);
