-- The radius indexes on our own function instead of earthdistance's ll_to_earth (issue 31).
-- ll_to_earth is a SQL function whose body is text, parsed again wherever PostgreSQL expands it
-- and resolved by the search_path of that moment. Autovacuum's ANALYZE and pg_restore run with
-- only pg_catalog on the path, so the body's `earth` type and `cube()` were not found: the
-- automatic ANALYZE of events and restaurants failed every time, and a restored dump lacked
-- both indexes. A SQL-standard body (RETURN …) is parsed once, here, and stored as references
-- to the objects themselves, so it means the same under any search_path, in whatever schema
-- the DBA put cube and earthdistance. It is ll_to_earth's own formula, so the points (and
-- earth_box's boxes around them) are unchanged. Queries must spell the index expression
-- exactly: server/services/distance.ts's earthPoint.
CREATE FUNCTION famjam_earth_point(latitude double precision, longitude double precision)
  RETURNS earth
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN cube(
    cube(
      cube(earth() * cos(radians(latitude)) * cos(radians(longitude))),
      earth() * cos(radians(latitude)) * sin(radians(longitude))
    ),
    earth() * sin(radians(latitude))
  )::earth;
--> statement-breakpoint
DROP INDEX "events_earth_idx";--> statement-breakpoint
DROP INDEX "restaurants_earth_idx";--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist (famjam_earth_point("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "restaurants_earth_idx" ON "restaurants" USING gist (famjam_earth_point("latitude", "longitude"));
