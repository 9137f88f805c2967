import { HttpError } from './plugins/errors.ts';
import { isKnownTimeZone } from './services/zonedTime.ts';

/*
 * What the event routes share in reading their parameters (events, search, counts,
 * recommendations). They answer in HTTP terms (400s), so they are not a service; and a route
 * file may not import another (contract/boundaries.test.ts), so they live here.
 */

/** The zone date words are computed in: the caller's `tz`, else the place's own. */
export function dateZone(tz: string | undefined, placeZone: string): string {
  const timeZone = tz ?? placeZone;
  if (!isKnownTimeZone(timeZone)) {
    throw new HttpError(
      400,
      'bad_request',
      `tz "${timeZone}" is not an IANA time zone such as America/Los_Angeles.`,
    );
  }
  return timeZone;
}
