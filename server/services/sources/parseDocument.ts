import type { SourceRow } from '../../db/schema/sources.ts';
import { parseICalendar } from '../../ingest/ical.ts';
import { parseJsonLdPage } from '../../ingest/jsonld.ts';
import type { ParseOutcome } from '../../ingest/pipeline.ts';
import type { SourceDefaults } from '../../ingest/places.ts';
import { parseTicketmasterResponse } from '../../ingest/ticketmaster.ts';

/**
 * Reading a fetched document into drafts: pure CPU work, with no database and no I/O, so that
 * the parse worker (parseWorker.ts) can run it off the server's event loop.
 */

/** What of a source the parsers need: plain data, so it can be sent to the worker. */
export type ParseSource = Pick<
  SourceRow,
  'kind' | 'url' | 'defaultLocation' | 'defaultLatitude' | 'defaultLongitude' | 'defaultTimeZone'
>;

function defaultsOf(source: ParseSource): SourceDefaults {
  const place =
    source.defaultLocation !== null &&
    source.defaultLatitude !== null &&
    source.defaultLongitude !== null
      ? {
          label: source.defaultLocation,
          latitude: source.defaultLatitude,
          longitude: source.defaultLongitude,
        }
      : null;
  return { place, timeZone: source.defaultTimeZone };
}

/** Parses the fetched document; a document that is not of the source's kind throws with why. */
export function parseDocument(source: ParseSource, text: string, now: Date): ParseOutcome {
  const defaults = defaultsOf(source);
  switch (source.kind) {
    case 'ical':
      return parseICalendar(text, { now, defaults });
    case 'jsonld':
      return parseJsonLdPage(text, { now, pageUrl: source.url, defaults });
    case 'ticketmaster': {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error('The answer is not a Ticketmaster Discovery API response: it is not JSON.');
      }
      return parseTicketmasterResponse(body, { now });
    }
  }
}
