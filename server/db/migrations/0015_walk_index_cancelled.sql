-- Hand-written (drizzle's index builder has no INCLUDE). Home's category counts leave cancelled
-- events out (server/services/search.ts, countByCategory): the walk's covering index
-- (migrations 0004, 0010) now carries cancelled_at, so counting stays an index-only scan
-- instead of visiting the table for every upcoming event in the area. Mostly null, it adds
-- almost nothing to the index.
DROP INDEX "events_search_walk_idx";--> statement-breakpoint
CREATE INDEX "events_search_walk_idx" ON "events" USING btree ("geo_cell", "starts_at")
  INCLUDE ("id", "latitude", "longitude", "has_time", "is_family_friendly", "category", "is_deal",
    "price_min_cents", "price_text", "title_vector", "search_vector", "min_age", "max_age",
    "cancelled_at");
