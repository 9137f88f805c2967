/**
 * A family calendar feed (iCalendar) on loopback that the e2e suite can change, so a real source
 * run (server/services/sources/) sees an event appear and then get cancelled, as a venue's feed would.
 * scripts/e2e-stack.ts starts one and registers it as a source before the server starts;
 * e2e/sources.spec.ts flips it through its control address.
 *
 *   GET  /feed.ics         the feed as it is now
 *   POST /control/cancel   from now on the festival carries STATUS:CANCELLED
 *   POST /control/restore  back to scheduled
 *   POST /control/add-listing  the feed lists one more event from now on: STAND_IN_NEW_LISTING's
 *                          title, the festival's day, a new UID each time (a new event each
 *                          time, for the watched searches of e2e/sources.spec.ts)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_FEED_EVENT = {
  uid: 'bubble-festival@famjam-stand-in.test',
  title: 'Seaside Kite Festival',
  venue: 'Golden Gate Park Bandshell',
  /** The e2e accounts' home (San Francisco), so the event is on their Search. */
  latitude: 37.7694,
  longitude: -122.4662,
};

/** What /control/add-listing adds: a new listing a watched search for 'tide pool' finds. */
export const STAND_IN_NEW_LISTING = {
  title: 'Tide Pool Discovery Morning',
  venue: 'Fort Funston Beach',
  latitude: 37.7144,
  longitude: -122.5027,
};

export interface FeedStandIn {
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  feedUrl: string;
  close(): Promise<void>;
}

/**
 * The festival's day (a Saturday, as festivals are): the first one at least two days after
 * `now`, so it is upcoming all through a run and its notification names its day.
 */
function standInFestivalDay(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2));
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
  return day;
}

/** One more listing in the feed, as /control/add-listing added it. */
function addedListing(uid: string, day: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART;TZID=America/Los_Angeles:${day}T090000`,
    `DTEND;TZID=America/Los_Angeles:${day}T110000`,
    `SUMMARY:${STAND_IN_NEW_LISTING.title}`,
    'DESCRIPTION:Rock pools at low tide with a ranger for kids and families\\, buckets and magnifiers provided. All ages.',
    `LOCATION:${STAND_IN_NEW_LISTING.venue}\\, San Francisco\\, CA`,
    `GEO:${STAND_IN_NEW_LISTING.latitude};${STAND_IN_NEW_LISTING.longitude}`,
    'END:VEVENT',
  ];
}

function calendar(cancelled: boolean, day: string, added: readonly string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FamJam tests//Family calendar stand-in//EN',
    'BEGIN:VEVENT',
    `UID:${STAND_IN_FEED_EVENT.uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART;TZID=America/Los_Angeles:${day}T100000`,
    `DTEND;TZID=America/Los_Angeles:${day}T130000`,
    `SUMMARY:${STAND_IN_FEED_EVENT.title}`,
    'DESCRIPTION:Giant kites over the lawn\\, a kite-making table for every child. All ages.',
    `LOCATION:${STAND_IN_FEED_EVENT.venue}\\, 55 Music Concourse Dr\\, San Francisco\\, CA`,
    `GEO:${STAND_IN_FEED_EVENT.latitude};${STAND_IN_FEED_EVENT.longitude}`,
    ...(cancelled ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
    ...added.flatMap((uid) => addedListing(uid, day)),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export async function startFeedStandIn(now: Date = new Date()): Promise<FeedStandIn> {
  let cancelled = false;
  const added: string[] = [];
  const day = standInFestivalDay(now).toISOString().slice(0, 10).replaceAll('-', '');
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (request.method === 'GET' && path === '/feed.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(calendar(cancelled, day, added));
      return;
    }
    if (request.method === 'POST' && (path === '/control/cancel' || path === '/control/restore')) {
      cancelled = path === '/control/cancel';
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && path === '/control/add-listing') {
      added.push(`tide-pool-${added.length + 1}-${Date.now()}@famjam-stand-in.test`);
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    feedUrl: `${url}/feed.ics`,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolveClose()));
      }),
  };
}
