CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"has_time" boolean DEFAULT true NOT NULL,
	"price_text" text,
	"price_min_cents" integer,
	"price_max_cents" integer,
	"image_url" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_family_friendly" boolean DEFAULT false NOT NULL,
	"ticket_url" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"geo_cell" integer GENERATED ALWAYS AS ((floor("latitude")::integer + 90) * 360 + (floor("longitude")::integer + 180)) STORED NOT NULL,
	"is_deal" boolean GENERATED ALWAYS AS (coalesce(strpos("price_text", '$') > 0, false)) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('famjam_search'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('famjam_search'::regconfig, famjam_tags_text("tags") || ' ' || coalesce("venue", '') || ' ' || famjam_category_label("category")), 'B') || setweight(to_tsvector('famjam_search'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL,
	CONSTRAINT "events_source_source_id_unique" UNIQUE("source","source_id"),
	CONSTRAINT "events_category_check" CHECK ("events"."category" IN ('music', 'comedy', 'sportsgames', 'dining', 'arts', 'sports', 'popup')),
	CONSTRAINT "events_latitude_check" CHECK ("events"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "events_longitude_check" CHECK ("events"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"cuisine" text DEFAULT '' NOT NULL,
	"rating" numeric(2, 1) DEFAULT '0' NOT NULL,
	"price_level" smallint,
	"address" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"reservation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_source_source_id_unique" UNIQUE("source","source_id"),
	CONSTRAINT "restaurants_rating_check" CHECK ("restaurants"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "restaurants_price_level_check" CHECK ("restaurants"."price_level" BETWEEN 1 AND 4),
	CONSTRAINT "restaurants_latitude_check" CHECK ("restaurants"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "restaurants_longitude_check" CHECK ("restaurants"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "saved_events" (
	"user_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "saved_events" ADD CONSTRAINT "saved_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_events" ADD CONSTRAINT "saved_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_venue_trgm_idx" ON "events" USING gin ("venue" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_geo_cell_starts_at_idx" ON "events" USING btree ("geo_cell","starts_at");--> statement-breakpoint
CREATE INDEX "events_family_geo_cell_starts_at_idx" ON "events" USING btree ("geo_cell","starts_at") WHERE "events"."is_family_friendly";--> statement-breakpoint
CREATE INDEX "restaurants_earth_idx" ON "restaurants" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "saved_events_event_id_idx" ON "saved_events" USING btree ("event_id");