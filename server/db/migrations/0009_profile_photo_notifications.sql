-- Issue 10: the profile photo (bytes, the type read from them, when uploaded) and when the
-- caller last opened the notification list. See server/db/schema/users.ts.
ALTER TABLE "users" ADD COLUMN "photo" bytea;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_read_at" timestamp with time zone;
