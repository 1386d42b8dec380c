CREATE TABLE "data_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" text,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"slug" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postal_code" text,
	"city" text DEFAULT '' NOT NULL,
	"state" text,
	"country" text,
	"country_code" text,
	"latitude_e6" integer,
	"longitude_e6" integer,
	"timezone" text,
	"population" integer DEFAULT 0 NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_source_id_unique" UNIQUE("source_id")
);
--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "places_search_name_trgm" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "places_venue_unique" ON "places" USING btree ("kind","search_name",lower("address"),lower("city")) WHERE "places"."kind" = 'venue';