import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolveHost } from '../ingest/download.ts';

/**
 * Stand-in feeds for the sources tests, served on 127.0.0.1 by the test itself: each path
 * answers with what the test set for it last, and every request is recorded with its headers.
 */

export type FeedAnswer =
  | { status?: number; headers?: Record<string, string>; body?: string }
  | ((response: ServerResponse, request: { headers: IncomingHttpHeaders }) => void);

export interface FeedRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FeedServer {
  origin: string;
  url(path: string): string;
  set(path: string, answer: FeedAnswer): void;
  requests: FeedRequest[];
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const requests: FeedRequest[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const answer = answers.get(path);
    if (!answer) {
      response.writeHead(404).end('no such feed');
      return;
    }
    if (typeof answer === 'function') {
      answer(response, { headers: request.headers });
      return;
    }
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    response.end(answer.body ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, answer) => answers.set(path, answer),
    requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A stand-in for DNS: names map to the addresses given, and nothing else resolves. */
export function fakeDns(table: Record<string, string>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const address = new Map(Object.entries(table)).get(hostname);
    if (!address) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { asked });
}

export interface FeedEvent {
  uid: string;
  summary: string;
  start: Date;
  status?: 'CANCELLED' | 'CONFIRMED';
  /** Near Lake Merritt, Oakland, unless given. */
  geo?: { latitude: number; longitude: number };
  location?: string;
  image?: string;
}

function icsTime(date: Date): string {
  return `${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/** An iCalendar feed of the given events. */
export function icsFeed(events: readonly FeedEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//FamJam tests//EN'];
  for (const event of events) {
    const geo = event.geo ?? { latitude: 37.8029, longitude: -122.2585 };
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:20261101T000000Z`,
      `DTSTART:${icsTime(event.start)}`,
      `DTEND:${icsTime(new Date(event.start.getTime() + 2 * 3_600_000))}`,
      `SUMMARY:${event.summary}`,
      `LOCATION:${event.location ?? 'Lakeside Park\\, Oakland\\, CA 94612'}`,
      `GEO:${geo.latitude};${geo.longitude}`,
      ...(event.status ? [`STATUS:${event.status}`] : []),
      ...(event.image ? [`IMAGE;VALUE=URI;DISPLAY=BADGE;FMTTYPE=image/jpeg:${event.image}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** A web page with the events as schema.org JSON-LD. */
export function jsonLdPage(events: readonly FeedEvent[]): string {
  const nodes = events.map((event) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': `https://events.example/${event.uid}`,
    name: event.summary,
    startDate: event.start.toISOString(),
    eventStatus:
      event.status === 'CANCELLED'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    ...(event.image ? { image: { '@type': 'ImageObject', url: event.image } } : {}),
    location: {
      '@type': 'Place',
      name: 'Lakeside Park',
      geo: {
        '@type': 'GeoCoordinates',
        latitude: (event.geo ?? { latitude: 37.8029 }).latitude,
        longitude: (event.geo ?? { longitude: -122.2585 }).longitude,
      },
      address: { '@type': 'PostalAddress', addressLocality: 'Oakland', addressRegion: 'CA' },
    },
  }));
  return `<!doctype html><html><head><title>Events</title><script type="application/ld+json">${JSON.stringify(nodes)}</script></head><body></body></html>`;
}
