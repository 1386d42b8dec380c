CREATE TABLE "plan_contact_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"email" text,
	"phone" text,
	"invited_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_occurrences" (
	"plan_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "plan_occurrences_plan_id_occurrence_start_pk" PRIMARY KEY("plan_id","occurrence_start")
);
--> statement-breakpoint
ALTER TABLE "plan_responses" DROP CONSTRAINT "plan_responses_plan_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "plan_responses" ADD COLUMN "occurrence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_responses" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_responses" ADD COLUMN "invited_by_id" integer;--> statement-breakpoint
ALTER TABLE "plan_responses" ADD CONSTRAINT "plan_responses_plan_id_occurrence_user_id_pk" PRIMARY KEY("plan_id","occurrence","user_id");--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "invite_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "out_url" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "location_query" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "create_chat_image_mask" integer DEFAULT 246 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "create_chat_message_mask" integer DEFAULT 246 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "create_chat_poll_mask" integer DEFAULT 246 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "create_chat_video_mask" integer DEFAULT 246 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_contact_invites" ADD CONSTRAINT "plan_contact_invites_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_contact_invites" ADD CONSTRAINT "plan_contact_invites_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_occurrences" ADD CONSTRAINT "plan_occurrences_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_contact_invites_plan" ON "plan_contact_invites" USING btree ("plan_id");--> statement-breakpoint
ALTER TABLE "plan_responses" ADD CONSTRAINT "plan_responses_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_creator" ON "plans" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_invite_key_unique" UNIQUE("invite_key");