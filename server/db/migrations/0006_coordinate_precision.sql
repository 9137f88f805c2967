-- Coordinates are kept to 7 decimal places (server/services/distance.ts roundCoordinate). A
-- stored value nearer 0 than that (1e-300 from an old import) made the distance arithmetic
-- underflow, which PostgreSQL raises as an error: such values are set to 0 (what they are, to
-- the centimetre) and new ones refused.
UPDATE "events" SET "latitude" = 0 WHERE "latitude" <> 0 AND abs("latitude") < 1e-7;--> statement-breakpoint
UPDATE "events" SET "longitude" = 0 WHERE "longitude" <> 0 AND abs("longitude") < 1e-7;--> statement-breakpoint
UPDATE "restaurants" SET "latitude" = 0 WHERE "latitude" <> 0 AND abs("latitude") < 1e-7;--> statement-breakpoint
UPDATE "restaurants" SET "longitude" = 0 WHERE "longitude" <> 0 AND abs("longitude") < 1e-7;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_coordinates_precision_check" CHECK (("events"."latitude" = 0 OR abs("events"."latitude") >= 1e-7) AND ("events"."longitude" = 0 OR abs("events"."longitude") >= 1e-7));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_coordinates_precision_check" CHECK (("restaurants"."latitude" = 0 OR abs("restaurants"."latitude") >= 1e-7) AND ("restaurants"."longitude" = 0 OR abs("restaurants"."longitude") >= 1e-7));
