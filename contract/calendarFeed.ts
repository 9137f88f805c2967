import { type Static, Type } from '@sinclair/typebox';

/**
 * The private calendar feed of a user's saved events (`/api/calendar/{secret}.ics`). The secret
 * in the path is the only credential a calendar app can send, so it is long and random: 32
 * bytes from the server's CSPRNG, base64url without padding (43 characters).
 */
export const CALENDAR_SECRET_BYTES = 32;
export const CALENDAR_SECRET_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** `GET /api/me/calendar-feed` and `POST /api/me/calendar-feed/rotate`. */
export const CalendarFeed = Type.Object({
  /** https (or http) address of the feed, for apps that take a URL ("Add calendar from URL"). */
  url: Type.String({ format: 'uri' }),
  /** The same feed as `webcal://…`: tapping it opens the device's calendar app to subscribe. */
  webcalUrl: Type.String(),
  /** When this secret was made: the last reset, or the first request. */
  rotatedAt: Type.String({ format: 'date-time' }),
});
export type CalendarFeed = Static<typeof CalendarFeed>;

/**
 * `GET /api/calendar/{secret}.ics`. The route answers 404 for a secret of the wrong shape, as
 * for an unknown one: the address says nothing about which secrets could exist.
 */
export const CalendarFeedParams = Type.Object({
  secret: Type.String({ pattern: CALENDAR_SECRET_PATTERN }),
});
export type CalendarFeedParams = Static<typeof CalendarFeedParams>;
