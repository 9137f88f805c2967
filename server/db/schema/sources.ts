import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';

/** What a source reads (server/ingest/: ical.ts, jsonld.ts, ticketmaster.ts). */
export const sourceKinds = ['ical', 'jsonld', 'ticketmaster'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** How a source's last run ended; null until its first run. */
export const sourceRunOutcomes = ['ok', 'not_modified', 'failed'] as const;
export type SourceRunOutcome = (typeof sourceRunOutcomes)[number];

const kindList = sql.raw(sourceKinds.map((kind) => `'${kind}'`).join(', '));
const outcomeList = sql.raw(sourceRunOutcomes.map((outcome) => `'${outcome}'`).join(', '));

/**
 * A feed FamJam polls by itself (docs/sources.md): an iCalendar URL, a page with schema.org
 * events, or a Ticketmaster Discovery query. The poller picks the rows whose `next_run_at` has
 * passed, one process per row (a row lock taken with SKIP LOCKED), and writes the run's outcome
 * back here, so `npm run sources -- list` and the operator screen read one table.
 */
export const sources = pgTable(
  'sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<SourceKind>().notNull(),
    name: text('name').notNull(),
    /** The feed's URL; for Ticketmaster, the Discovery query string (the key comes from configuration). */
    url: text('url').notNull(),
    /** Where events without a place of their own happen: a label, as the geocoder placed it. */
    defaultLocation: text('default_location'),
    defaultLatitude: doublePrecision('default_latitude'),
    defaultLongitude: doublePrecision('default_longitude'),
    /** IANA zone for feeds whose times carry none. */
    defaultTimeZone: text('default_time_zone'),
    intervalSeconds: integer('interval_seconds').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Loopback and private addresses are refused unless the operator allowed them for this source. */
    allowPrivateNetwork: boolean('allow_private_network').notNull().default(false),
    /** Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastOutcome: text('last_outcome').$type<SourceRunOutcome>(),
    lastAdded: integer('last_added').notNull().default(0),
    lastUpdated: integer('last_updated').notNull().default(0),
    lastSkipped: integer('last_skipped').notNull().default(0),
    lastInvalid: integer('last_invalid').notNull().default(0),
    lastCancelled: integer('last_cancelled').notNull().default(0),
    /** Why the last run failed, in words for the operator; null after a good run. */
    lastError: text('last_error'),
    /** Failures in a row: the wait before the next try doubles with each (backoff). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sources_kind_check', sql`${table.kind} IN (${kindList})`),
    check('sources_last_outcome_check', sql`${table.lastOutcome} IN (${outcomeList})`),
    // Five minutes at least: a feed is not a chat; a week at most, so nothing goes stale unseen.
    check('sources_interval_check', sql`${table.intervalSeconds} BETWEEN 300 AND 604800`),
    unique('sources_kind_url_unique').on(table.kind, table.url),
    index('sources_due_idx').on(table.nextRunAt).where(sql`${table.enabled}`),
  ],
);

export type SourceRow = typeof sources.$inferSelect;
export type NewSourceRow = typeof sources.$inferInsert;

/**
 * Which sources list an event. One event can come from several (the same concert in a venue's
 * feed and on Ticketmaster is one event, listing both); `source_key` is the feed's own id for
 * it (iCalendar UID, schema.org URL or @id, Ticketmaster id). An event that a successful run no
 * longer finds in any source that listed it is marked cancelled (events.cancelled_at).
 */
export const eventSources = pgTable(
  'event_sources',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.sourceId] }),
    unique('event_sources_source_key_unique').on(table.sourceId, table.sourceKey),
  ],
);
