ALTER TABLE "outreach_settings" ADD COLUMN "family_safe" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "outreach_settings" ADD COLUMN "radius" text;