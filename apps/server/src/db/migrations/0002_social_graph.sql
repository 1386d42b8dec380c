CREATE TABLE "contact_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"owner_id" integer NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"user_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_target_id_pk" PRIMARY KEY("user_id","target_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."user_id" <> "follows"."target_id"),
	CONSTRAINT "follows_status" CHECK ("follows"."status" IN ('FOLLOWING', 'REQUESTED', 'BLOCKED'))
);
--> statement-breakpoint
ALTER TABLE "contact_invitations" ADD CONSTRAINT "contact_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_invitations_target" ON "contact_invitations" USING btree ("target","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_email" ON "contacts" USING btree ("owner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_phone" ON "contacts" USING btree ("owner_id","phone");--> statement-breakpoint
CREATE INDEX "follows_target" ON "follows" USING btree ("target_id","status");