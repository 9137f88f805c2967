import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './events.ts';

/** What a source reads: an iCalendar feed, a page with schema.org events, a Ticketmaster query. */
export const sourceKindIds = ['ical', 'jsonld', 'ticketmaster'] as const;

/** How a source's last run ended: read and imported, unchanged since the last one (304), or not. */
export const sourceOutcomeIds = ['ok', 'not_modified', 'failed'] as const;

/**
 * One source as `npm run sources -- list` and the operator screen show it (docs/sources.md):
 * what it reads, how often, and how its last run went. The counts are the last run's.
 */
export const SourceSummary = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(sourceKindIds),
  name: Type.String(),
  /** The feed's URL; for Ticketmaster, the Discovery query ('city=Oakland&stateCode=CA'), never the key. */
  url: Type.String(),
  intervalSeconds: Type.Integer(),
  /** False while paused: the poller leaves it alone until it is resumed. */
  enabled: Type.Boolean(),
  lastRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** When the poller next fetches it (later than the interval after failures: backoff). */
  nextRunAt: Type.String({ format: 'date-time' }),
  /** Null until its first run. */
  lastOutcome: Type.Union([StringEnum(sourceOutcomeIds), Type.Null()]),
  added: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  invalid: Type.Integer(),
  /** Events the last run found cancelled (said so, or no longer listed). */
  cancelled: Type.Integer(),
  /** Why the last run failed, in words for the operator; null after a good run. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** How many events this source lists (cancelled ones included). */
  eventCount: Type.Integer(),
});
export type SourceSummary = Static<typeof SourceSummary>;
