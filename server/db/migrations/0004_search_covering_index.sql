-- Search walks an area's cells in start order and keeps the first events matching the words
-- (server/services/search.ts). With every column that walk tests stored in the index, it is an
-- index-only scan: a few hundred index tuples per page instead of a few hundred random heap
-- reads. Hand-written because drizzle's index builder has no INCLUDE.
CREATE INDEX "events_search_walk_idx" ON "events" USING btree ("geo_cell", "starts_at")
  INCLUDE ("id", "latitude", "longitude", "has_time", "is_family_friendly", "category", "is_deal",
    "price_min_cents", "price_text", "title_vector", "search_vector");
