ALTER TABLE "events" ADD COLUMN "min_age" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_age" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_min_age_check" CHECK ("events"."min_age" BETWEEN 0 AND 120);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_age_check" CHECK ("events"."max_age" BETWEEN 0 AND 120);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_age_order_check" CHECK ("events"."min_age" <= "events"."max_age");--> statement-breakpoint
-- Hand-written (drizzle's index builder has no INCLUDE), after the generated statements: the
-- listing's and search's walk (events_search_walk_idx, migration 0004) now also tests the
-- ages filter, so the index carries min_age and max_age and the walk stays an index-only scan
-- instead of visiting the table for every event it reads to check an age.
DROP INDEX "events_search_walk_idx";--> statement-breakpoint
CREATE INDEX "events_search_walk_idx" ON "events" USING btree ("geo_cell", "starts_at")
  INCLUDE ("id", "latitude", "longitude", "has_time", "is_family_friendly", "category", "is_deal",
    "price_min_cents", "price_text", "title_vector", "search_vector", "min_age", "max_age");
