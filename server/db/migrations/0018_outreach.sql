CREATE TABLE "outreach_deliveries" (
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_deliveries_user_id_channel_subject_pk" PRIMARY KEY("user_id","channel","subject")
);
--> statement-breakpoint
CREATE TABLE "outreach_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"push_changes" boolean DEFAULT true NOT NULL,
	"push_reminders" boolean DEFAULT true NOT NULL,
	"push_concerts" boolean DEFAULT true NOT NULL,
	"push_watched" boolean DEFAULT true NOT NULL,
	"weekly_email" boolean DEFAULT false NOT NULL,
	"weekly_email_offered" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_settings_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "watched_search_matches" (
	"watched_search_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_search_matches_watched_search_id_event_id_pk" PRIMARY KEY("watched_search_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "watched_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outreach_deliveries" ADD CONSTRAINT "outreach_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_settings" ADD CONSTRAINT "outreach_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_search_matches" ADD CONSTRAINT "watched_search_matches_watched_search_id_watched_searches_id_fk" FOREIGN KEY ("watched_search_id") REFERENCES "public"."watched_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_search_matches" ADD CONSTRAINT "watched_search_matches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_search_matches" ADD CONSTRAINT "watched_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watched_searches" ADD CONSTRAINT "watched_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outreach_deliveries_sent_idx" ON "outreach_deliveries" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "watched_search_matches_user_idx" ON "watched_search_matches" USING btree ("user_id","matched_at");--> statement-breakpoint
CREATE INDEX "watched_search_matches_event_idx" ON "watched_search_matches" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "watched_searches_user_id_idx" ON "watched_searches" USING btree ("user_id");