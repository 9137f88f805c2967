import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { type StoredCategoryId, storedCategoryIds } from '../../../contract/categories.ts';
import { images } from './images.ts';
import { users } from './users.ts';

/** PostgreSQL's full-text document type; only ever written by the database itself. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The stored-versus-derived split is the contract's; re-exported for the importers and the seed.
export { type StoredCategoryId, storedCategoryIds };

const categoryList = sql.raw(storedCategoryIds.map((id) => `'${id}'`).join(', '));

/**
 * One event (docs/product.md#spec-3-event-as-read) plus what search needs.
 *
 * `id` is `${source}:${sourceId}` (e.g. 'seed:sf-0001', 'ticketmaster:vvG1…', 'ical:<UID>'),
 * chosen by the writer: it is stable across re-imports, so saved lists and shared links
 * survive a refresh of the data, and it is readable in URLs and logs.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    venue: text('venue').notNull().default(''),
    /** City label shown on cards, e.g. 'San Francisco, CA'. */
    location: text('location').notNull().default(''),
    address: text('address').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The venue's IANA zone: display times and date words ('today') are computed in it. */
    timeZone: text('time_zone').notNull(),
    /**
     * False for date-only listings (all-day, festivals): startsAt is then local midnight of that
     * day in timeZone, the event stays upcoming until the day ends, and the API sends time ''.
     */
    hasTime: boolean('has_time').notNull().default(true),
    /** As the source wrote it; null or blank means Free (docs/product.md#spec-3). */
    priceText: text('price_text'),
    /** Parsed from priceText, in cents; 0 for free events, null when the text has no number. */
    priceMinCents: integer('price_min_cents'),
    priceMaxCents: integer('price_max_cents'),
    imageUrl: text('image_url').notNull().default(''),
    /**
     * A picture FamJam fetched and re-encoded (server/db/schema/images.ts); when set, cards and
     * details use it instead of `imageUrl` (the category drawing for imported events).
     */
    imageId: text('image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    /**
     * The picture the source named (schema.org `image`, iCalendar IMAGE/ATTACH, Ticketmaster
     * images), waiting to be fetched: the importer only records it, and the picture worker
     * (server/services/pictures/fetchWorker.ts) fetches, checks and stores it later, setting `imageId` or, when the
     * picture is refused, `pictureError`. A feed run never waits on pictures.
     */
    pictureUrl: text('picture_url'),
    pictureCheckedAt: timestamp('picture_checked_at', { withTimezone: true }),
    pictureError: text('picture_error'),
    /**
     * When the event was found cancelled: its source said so (STATUS:CANCELLED, EventCancelled)
     * or stopped listing it. Cancelled events stay where they were (saved lists, shared links,
     * listing and search) and their cards and details say 'Cancelled': a family that heard of
     * the event finds out. What FamJam offers of its own accord leaves them out (category
     * counts, recommendations, the shake, the bell's nudges): see `goingAhead` in
     * server/services/events.ts.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When a source last moved the start, and the start before it: the saved family is told. */
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
    previousStartsAt: timestamp('previous_starts_at', { withTimezone: true }),
    category: text('category').$type<StoredCategoryId>().notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isFamilyFriendly: boolean('is_family_friendly').notNull().default(false),
    ticketUrl: text('ticket_url'),
    /**
     * Who the event is for, in years, both ends inclusive and optional: 'Ages 3-8' is 3/8,
     * '21+' is 21/null, neither known is null/null (all ages). The `ages` filter keeps an event
     * whose range overlaps a chosen family group's (server/services/events.ts, ageOverlap).
     */
    minAge: smallint('min_age'),
    maxAge: smallint('max_age'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The 1-degree latitude/longitude cell the event is in (see `geoCell`). Listing walks the
     * few cells around a place in start order, one short index range each, so it costs the same
     * in a city with 100,000 events as in a town with 10.
     */
    geoCell: integer('geo_cell')
      .notNull()
      .generatedAlwaysAs(
        sql`(floor("latitude")::integer + 90) * 360 + (floor("longitude")::integer + 180)`,
      ),
    /** docs/product.md#spec-9: an event qualifies for a deal when its price text contains a dollar sign. */
    isDeal: boolean('is_deal')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(strpos("price_text", '$') > 0, false)`),
    /**
     * Weighted document for full-text search: title (A) outranks tags, venue and the category
     * label (B), which outrank the description (C). The label is in it so 'comedy' or 'shows'
     * find events by category. famjam_search folds accents and stems English (migration 0001).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('famjam_search'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('famjam_search'::regconfig, famjam_tags_text("tags") || ' ' || coalesce("venue", '') || ' ' || famjam_category_label("category")), 'B') || setweight(to_tsvector('famjam_search'::regconfig, coalesce("description", '')), 'C')`,
      ),
    /**
     * The title alone, for the first relevance tier (every word in the title). Its own column
     * gives the planner its own word statistics: a word common in tags but absent from titles
     * ('museum') is then known to be rare here, so tier 1 reads it from its GIN index instead
     * of walking the whole area in date order looking for it.
     */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('famjam_search'::regconfig, coalesce("title", ''))`),
  },
  (table) => [
    unique('events_source_source_id_unique').on(table.source, table.sourceId),
    check('events_category_check', sql`${table.category} IN (${categoryList})`),
    check('events_latitude_check', sql`${table.latitude} BETWEEN -90 AND 90`),
    check('events_min_age_check', sql`${table.minAge} BETWEEN 0 AND 120`),
    check('events_max_age_check', sql`${table.maxAge} BETWEEN 0 AND 120`),
    check('events_age_order_check', sql`${table.minAge} <= ${table.maxAge}`),
    check('events_longitude_check', sql`${table.longitude} BETWEEN -180 AND 180`),
    // Coordinates are kept to 7 places (roundCoordinate): none is so near 0 that the distance
    // arithmetic would underflow, which PostgreSQL reports as an error, not as 0.
    check(
      'events_coordinates_precision_check',
      sql`(${table.latitude} = 0 OR abs(${table.latitude}) >= 1e-7) AND (${table.longitude} = 0 OR abs(${table.longitude}) >= 1e-7)`,
    ),
    // The words, per 1-degree cell (btree_gin puts geo_cell in the same GIN index): 'a word
    // that is rare here' is answered inside the index, without visiting the area's other
    // events. Searches without cells (huge radii) use the word columns alone.
    index('events_cell_search_vector_idx').using('gin', table.geoCell, table.searchVector),
    index('events_cell_title_vector_idx').using('gin', table.geoCell, table.titleVector),
    // Typo tolerance ('concrt' finds 'Concert'): trigram word similarity on title and venue.
    index('events_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('events_venue_trgm_idx').using('gin', table.venue.op('gin_trgm_ops')),
    // Radius search: earth_box(center, r) @> famjam_earth_point(lat, lon) is a GiST index scan.
    // Our own function rather than earthdistance's ll_to_earth (migration 0016 says why).
    index('events_earth_idx').using(
      'gist',
      sql`famjam_earth_point(${table.latitude}, ${table.longitude})`,
    ),
    index('events_starts_at_idx').on(table.startsAt),
    // Migration 0004 adds events_search_walk_idx on (geo_cell, starts_at) with INCLUDE columns,
    // which drizzle's builder cannot express: the index-only walk of search and listing.
    // Migration 0010 rebuilds it with min_age and max_age, so the ages filter stays index-only,
    // and 0015 with cancelled_at, so the category counts leave cancelled events out index-only.
    // Which events use a stored picture: the sweep of unused pictures (server/stores/pictures.ts)
    // and the set-null when one is deleted read it. Most events have none.
    index('events_image_id_idx').on(table.imageId).where(sql`${table.imageId} IS NOT NULL`),
    // The picture worker's queue: named pictures not yet tried (small, and empty most of the time).
    index('events_picture_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.pictureUrl} IS NOT NULL AND ${table.pictureCheckedAt} IS NULL`),
    index('events_family_geo_cell_starts_at_idx')
      .on(table.geoCell, table.startsAt)
      .where(sql`${table.isFamilyFriendly}`),
  ],
);

/** The same cell number as the geo_cell column computes, for a point. */
export function geoCell(latitude: number, longitude: number): number {
  return (Math.floor(latitude) + 90) * 360 + (Math.floor(longitude) + 180);
}

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/** A place to eat (docs/product.md#spec-3-restaurant) with its coordinates; distance is computed per request. */
export const restaurants = pgTable(
  'restaurants',
  {
    /** `${source}:${sourceId}`, like events. */
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    cuisine: text('cuisine').notNull().default(''),
    /** 0.0 to 5.0; the driver returns it as text ('4.5'), which is what docs/product.md#spec-3 sends. */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
    /** 1 to 4 ('$' to '$$$$'); null when unknown. */
    priceLevel: smallint('price_level'),
    address: text('address').notNull().default(''),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text('image_url').notNull().default(''),
    reservationUrl: text('reservation_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('restaurants_source_source_id_unique').on(table.source, table.sourceId),
    check('restaurants_rating_check', sql`${table.rating} BETWEEN 0 AND 5`),
    check('restaurants_price_level_check', sql`${table.priceLevel} BETWEEN 1 AND 4`),
    check('restaurants_latitude_check', sql`${table.latitude} BETWEEN -90 AND 90`),
    check('restaurants_longitude_check', sql`${table.longitude} BETWEEN -180 AND 180`),
    check(
      'restaurants_coordinates_precision_check',
      sql`(${table.latitude} = 0 OR abs(${table.latitude}) >= 1e-7) AND (${table.longitude} = 0 OR abs(${table.longitude}) >= 1e-7)`,
    ),
    index('restaurants_earth_idx').using(
      'gist',
      sql`famjam_earth_point(${table.latitude}, ${table.longitude})`,
    ),
  ],
);

export type NewRestaurantRow = typeof restaurants.$inferInsert;

/** A signed-in user's saved list; deleting the user or the event removes the row. */
export const savedEvents = pgTable(
  'saved_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Order of the list the client last sent (PUT /api/me/saved); GET returns it in this order. */
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.eventId] }),
    // The cascade from events needs this; the primary key only serves lookups by user.
    index('saved_events_event_id_idx').on(table.eventId),
  ],
);
