CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"title" text,
	"description" text,
	"image" text,
	"site_name" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "mime" text DEFAULT 'image/webp' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "byte_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "uploads_user_created" ON "uploads" USING btree ("user_id","created_at");