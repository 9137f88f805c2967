ALTER TABLE "calendar_feeds" ADD COLUMN "content_etag" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "content_changed_at" timestamp with time zone;