-- Search building blocks for events and restaurants (issue 3). Runs before the tables, because
-- the events table's generated search column calls the functions and the text search
-- configuration defined here.
-- On a managed PostgreSQL where the app's role may not create extensions, a DBA runs these
-- four CREATE EXTENSION lines once; IF NOT EXISTS then lets the migration pass.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- English stemming with accents folded, so 'cafe' finds 'Café' and 'concerts' finds 'concert'.
CREATE TEXT SEARCH CONFIGURATION famjam_search (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION famjam_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
-- A category's label (src/domain/constants.ts `categories`), so a search for 'shows' or
-- 'culture' finds events by their category. A test keeps this list equal to the constants.
CREATE OR REPLACE FUNCTION famjam_category_label(category text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE category
      WHEN 'music' THEN 'Music & Shows'
      WHEN 'comedy' THEN 'Comedy'
      WHEN 'sportsgames' THEN 'Sports Games'
      WHEN 'dining' THEN 'Food & Dining'
      WHEN 'arts' THEN 'Arts & Culture'
      WHEN 'sports' THEN 'Active / Sports'
      WHEN 'deals' THEN 'Deals & Discounts'
      WHEN 'popup' THEN 'Pop-Up Events'
      WHEN 'random' THEN 'Random'
      ELSE ''
    END
  $$;
--> statement-breakpoint
-- array_to_string is only STABLE (it must stay generic over element types), which a
-- generated column refuses; for text[] it cannot change, so this wrapper is IMMUTABLE.
CREATE OR REPLACE FUNCTION famjam_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
