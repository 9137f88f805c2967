-- Word indexes per area (server/services/search.ts, "beyond the walk"): with btree_gin the
-- 1-degree geo_cell sits in the same GIN index as the words, so a word that is rare in the
-- area is found inside the index (0.1 ms at a million events) instead of intersecting a bitmap
-- of the whole area with one of the word (15-70 ms). They replace the word-only indexes, which
-- they also serve; events_geo_cell_starts_at_idx duplicated the key of events_search_walk_idx.
-- As in 0001: where the app's role may not create extensions, a DBA runs this line once.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "events_search_vector_idx";--> statement-breakpoint
DROP INDEX "events_title_vector_idx";--> statement-breakpoint
DROP INDEX "events_geo_cell_starts_at_idx";--> statement-breakpoint
CREATE INDEX "events_cell_search_vector_idx" ON "events" USING gin ("geo_cell","search_vector");--> statement-breakpoint
CREATE INDEX "events_cell_title_vector_idx" ON "events" USING gin ("geo_cell","title_vector");
