CREATE TABLE "image_variants" (
	"image_id" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "image_variants_image_id_width_format_pk" PRIMARY KEY("image_id","width","format"),
	CONSTRAINT "image_variants_format_check" CHECK ("image_variants"."format" IN ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_authorizations" (
	"state" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sources" (
	"event_id" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sources_event_id_source_id_pk" PRIMARY KEY("event_id","source_id"),
	CONSTRAINT "event_sources_source_key_unique" UNIQUE("source_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"default_location" text,
	"default_latitude" double precision,
	"default_longitude" double precision,
	"default_time_zone" text,
	"interval_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"allow_private_network" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	"last_added" integer DEFAULT 0 NOT NULL,
	"last_updated" integer DEFAULT 0 NOT NULL,
	"last_skipped" integer DEFAULT 0 NOT NULL,
	"last_invalid" integer DEFAULT 0 NOT NULL,
	"last_cancelled" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sources_kind_url_unique" UNIQUE("kind","url"),
	CONSTRAINT "sources_kind_check" CHECK ("sources"."kind" IN ('ical', 'jsonld', 'ticketmaster')),
	CONSTRAINT "sources_last_outcome_check" CHECK ("sources"."last_outcome" IN ('ok', 'not_modified', 'failed')),
	CONSTRAINT "sources_interval_check" CHECK ("sources"."interval_seconds" BETWEEN 300 AND 604800)
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"has_time" boolean DEFAULT true NOT NULL,
	"venue" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"price_text" text,
	"category" text NOT NULL,
	"min_age" smallint,
	"max_age" smallint,
	"ticket_url" text,
	"image_id" text,
	"event_id" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_status_check" CHECK ("suggestions"."status" IN ('waiting', 'published', 'declined')),
	CONSTRAINT "suggestions_min_age_check" CHECK ("suggestions"."min_age" BETWEEN 0 AND 120),
	CONSTRAINT "suggestions_max_age_check" CHECK ("suggestions"."max_age" BETWEEN 0 AND 120)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "picture_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "picture_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "picture_error" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "previous_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sources" ADD CONSTRAINT "event_sources_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sources" ADD CONSTRAINT "event_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_authorizations_expires_at_idx" ON "music_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sources_due_idx" ON "sources" USING btree ("next_run_at") WHERE "sources"."enabled";--> statement-breakpoint
CREATE INDEX "suggestions_user_id_idx" ON "suggestions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "suggestions_waiting_idx" ON "suggestions" USING btree ("created_at") WHERE "suggestions"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_picture_pending_idx" ON "events" USING btree ("created_at") WHERE "events"."picture_url" IS NOT NULL AND "events"."picture_checked_at" IS NULL;