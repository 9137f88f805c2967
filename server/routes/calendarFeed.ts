import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { CalendarFeed, CalendarFeedParams } from '../../contract/calendarFeed.ts';
import { ApiError } from '../../contract/errors.ts';
import { SAVED_CALENDAR_FILE_NAME, savedEventsCalendar } from '../../contract/icalendar.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  type FeedSecret,
  feedContent,
  feedSecretFor,
  recordFeedServed,
  rotateFeedSecret,
} from '../services/calendarFeeds.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Calendar apps poll a subscribed feed on their own schedule (Apple hourly at best, Google
 * every few hours); asking for hourly says a rescheduled event may show up within the hour.
 */
const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * `private`: the URL is a secret, so no shared cache (a CDN, a company proxy) may keep a copy
 * that outlives a reset. Five minutes spares the database an app that re-polls in a burst, and
 * is short next to any calendar's own polling, so a change is never held back noticeably.
 */
const FEED_CACHE_CONTROL = 'private, max-age=300';

/** The zone blocks come from files on disk; a feed names few zones and asks for them often. */
const vtimezones = new Map<string, string | null>();
function vtimezone(timeZone: string): string | null {
  if (!vtimezones.has(timeZone)) vtimezones.set(timeZone, getVtimezoneComponent(timeZone));
  return vtimezones.get(timeZone) ?? null;
}

function feedAnswer(origin: string, feed: FeedSecret): CalendarFeed {
  const url = `${origin}/api/calendar/${feed.secret}.ics`;
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    rotatedAt: feed.rotatedAt.toISOString(),
  };
}

/** The owner's side, in the authenticated scope: see and reset the feed's address. */
export async function calendarFeedRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/me/calendar-feed',
    {
      schema: {
        operationId: 'getCalendarFeed',
        summary: "The caller's private calendar feed address (made on first request)",
        description:
          'Anyone with the address can read the saved events in it; reset it with POST /api/me/calendar-feed/rotate. 409 before the caller has a FamJam profile.',
        tags: ['me'],
        response: { 200: CalendarFeed, '4xx': ApiError },
      },
    },
    async (request) => {
      return feedAnswer(app.publicOrigin(), await feedSecretFor(app.db, request.user.uid));
    },
  );

  app.post(
    '/me/calendar-feed/rotate',
    {
      schema: {
        operationId: 'rotateCalendarFeed',
        summary: "Give the caller's calendar feed a new address; the old one answers 404 at once",
        tags: ['me'],
        response: { 200: CalendarFeed, '4xx': ApiError },
      },
    },
    async (request) => {
      return feedAnswer(app.publicOrigin(), await rotateFeedSecret(app.db, request.user.uid));
    },
  );
}

/**
 * The feed's ETag: a hash of its text without the DTSTAMP lines, which say when this copy was
 * written and so differ on every request although nothing in the calendar changed.
 */
function feedEtag(text: string): string {
  const content = text.replace(/^DTSTAMP[:;].*\r\n/gm, '');
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (a W/ prefix is ignored). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The Last-Modified to send for a text served since `since`: that time in whole seconds, or
 * none while that second is still running. An HTTP date has whole seconds, so a second change
 * within the same second would carry the same date, and an If-Modified-Since naming it would get
 * a 304 for the newer text; once the second is over, any later change is recorded later.
 */
function lastModifiedFor(since: Date, now: Date): Date | null {
  const wholeSeconds = Math.floor(since.getTime() / 1000) * 1000;
  return wholeSeconds < Math.floor(now.getTime() / 1000) * 1000 ? new Date(wholeSeconds) : null;
}

/**
 * RFC 9110 If-Modified-Since, evaluated only when there is no If-None-Match (the tag decides
 * then) and only against a Last-Modified that was sent. A date that does not parse is ignored.
 */
function notModifiedSince(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  lastModified: Date | null,
): boolean {
  if (headers['if-none-match'] !== undefined || lastModified === null) return false;
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/** What calendar apps poll: public, the secret in the path is the credential. */
export async function calendarFileRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/calendar/:secret.ics',
    {
      // A secret of the wrong shape is answered like an unknown one (404), not with a 400 that
      // would describe what a valid secret looks like to whoever is guessing.
      attachValidation: true,
      schema: {
        operationId: 'getCalendarFeedFile',
        summary: "A user's saved events as an iCalendar feed (RFC 5545), for calendar apps",
        description:
          "Events in the owner's list order, each with a stable UID, its own time zone and 2 hours long. Holds no personal data beyond the events. 404 for an unknown or reset address.",
        tags: ['calendar'],
        params: CalendarFeedParams,
        response: {
          200: {
            description: 'The iCalendar feed',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          // No type: a 304 has no body, and a typed one made the handler send a JSON null.
          304: {
            description:
              'Unchanged: If-None-Match named the current ETag, or (without If-None-Match) If-Modified-Since is not before Last-Modified',
          },
          '4xx': ApiError,
        },
      },
    },
    async (request, reply) => {
      const { secret } = request.params;
      const feed = request.validationError === undefined ? await feedContent(app.db, secret) : null;
      if (feed === null) {
        throw new HttpError(
          404,
          'not_found',
          'No calendar feed at this address. It may have been reset: open Saved in FamJam for the current link.',
        );
      }
      const text = savedEventsCalendar(feed.events, {
        origin: app.publicOrigin(),
        vtimezone,
        refreshIntervalSeconds: FEED_REFRESH_SECONDS,
        words: feed.words,
      });
      const etag = feedEtag(text);
      const servedSince =
        feed.served?.etag === etag
          ? feed.served.since
          : await recordFeedServed(app.db, secret, etag);
      const lastModified = lastModifiedFor(servedSince, new Date());
      reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('etag', etag)
        // A feed address pasted somewhere public should not end up in a search index.
        .header('x-robots-tag', 'noindex');
      if (lastModified) reply.header('last-modified', lastModified.toUTCString());
      // Calendar apps poll every few hours: an unchanged feed costs them a 304, not the file.
      // send() without a payload: send(null) went through the JSON serializer, and the 304 then
      // carried the headers of a 4-byte JSON body (Content-Length 4, application/json).
      if (
        etagMatches(request.headers['if-none-match'], etag) ||
        notModifiedSince(request.headers, lastModified)
      ) {
        return reply.code(304).send();
      }
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="${SAVED_CALENDAR_FILE_NAME}"`)
        .send(text);
    },
  );
}
