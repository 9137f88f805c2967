import { sourceKindIds as sourceKinds } from '../../../contract/sources.ts';
import type { SourceKind } from '../../db/schema/sources.ts';
import type { NewSource } from '../../stores/sources.ts';
import { ConflictError, InvalidInputError } from '../errors.ts';
import { InvalidCoordinatesError, resolveLocation, UnknownPlaceError } from '../geocoding.ts';
import { canonicalTimeZone } from '../zonedTime.ts';
import { normaliseTicketmasterQuery } from './fetch.ts';
import { parseInterval } from './schedule.ts';

/**
 * What a new source is made of, checked once for both ways of adding one: `npm run sources --
 * add` (cli.ts) and the operator screen (POST /api/operator/sources), so both refuse the same
 * things with the same sentences.
 */

export const maxSourceNameLength = 120;

/** What an operator gave, as text: each way of adding one reads it from its own place. */
export interface NewSourceInput {
  kind: string | undefined;
  /** The feed's URL, or Ticketmaster's Discovery query. */
  target: string | undefined;
  name?: string | undefined;
  /** '30m', '6h', '1d', '1w'. */
  every?: string | undefined;
  /** A city, ZIP or 'lat, lon' for events that name no place. */
  location?: string | undefined;
  timeZone?: string | undefined;
  /** Only the CLI may set it: see docs/sources.md. */
  allowPrivateNetwork?: boolean | undefined;
}

/**
 * Which input is wrong, named as the operator screen's body names it (the URL or Ticketmaster
 * query is `url` there), so the API's answer carries it as `field` and each caller can say where
 * (an option, a form field).
 */
export type NewSourceField =
  | 'kind'
  | 'url'
  | 'name'
  | 'every'
  | 'location'
  | 'timeZone'
  | 'allowPrivateNetwork';

/**
 * One thing wrong with a new source (400). The sentence is the CLI's too, so the API answers it
 * as written, without a `body/…:` prefix. `missing` marks a field left out, which the CLI words
 * with its option's name ('--name') and the API without.
 */
export class NewSourceError extends InvalidInputError {
  declare readonly field: NewSourceField;

  constructor(
    field: NewSourceField,
    message: string,
    readonly missing = false,
  ) {
    super(message, { field, plainMessage: true });
    this.name = 'NewSourceError';
  }
}

/** The same kind and URL twice would poll one feed twice and fight over its events (409). */
export class DuplicateSourceError extends ConflictError {
  constructor(
    readonly sourceKind: SourceKind,
    readonly existingId: number,
  ) {
    super(`That ${sourceKind} source is already #${existingId}.`, { code: 'duplicate_source' });
    this.name = 'DuplicateSourceError';
  }
}

export type { NewSource };

function isKind(value: string | undefined): value is SourceKind {
  return sourceKinds.some((kind) => kind === value);
}

function targetUrl(kind: SourceKind, target: string, allowPrivateNetwork: boolean): string {
  if (kind === 'ticketmaster') {
    const query = normaliseTicketmasterQuery(target);
    if ('error' in query) throw new NewSourceError('url', query.error);
    if (allowPrivateNetwork) {
      throw new NewSourceError(
        'allowPrivateNetwork',
        '--allow-private-network is for feeds: Ticketmaster is a public host.',
      );
    }
    return query.query;
  }
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    throw new NewSourceError(
      'url',
      `"${target}" is not a URL: give the feed's full http(s) address.`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new NewSourceError('url', `"${target}" is not an http or https URL.`);
  }
  return parsed.toString();
}

/** Checks everything a new source was given, so nothing half-right is stored. */
export function checkNewSource(input: NewSourceInput): NewSource {
  const kindText = input.kind?.trim() || undefined;
  if (!isKind(kindText)) {
    throw new NewSourceError(
      'kind',
      kindText
        ? `Unknown kind "${kindText}": expected one of ${sourceKinds.join(', ')}.`
        : `Expected a kind (${sourceKinds.join(', ')}) and a URL or query.`,
      !kindText,
    );
  }
  const kind = kindText;
  const target = input.target?.trim();
  if (!target) {
    throw new NewSourceError(
      'url',
      `Expected the ${kind === 'ticketmaster' ? 'query' : 'URL'}.`,
      true,
    );
  }
  const allowPrivateNetwork = input.allowPrivateNetwork === true;
  const url = targetUrl(kind, target, allowPrivateNetwork);
  const name = input.name?.trim();
  if (!name) throw new NewSourceError('name', 'Give the source a name.', true);
  if (name.length > maxSourceNameLength) {
    throw new NewSourceError('name', `The name is longer than ${maxSourceNameLength} characters.`);
  }
  const every = input.every?.trim();
  if (!every) throw new NewSourceError('every', 'Say how often to poll it.', true);
  const interval = parseInterval(every);
  if ('error' in interval) throw new NewSourceError('every', interval.error);
  let place: { label: string; latitude: number; longitude: number; timeZone: string } | null = null;
  const location = input.location?.trim();
  if (location) {
    try {
      place = resolveLocation(location);
    } catch (error) {
      if (error instanceof UnknownPlaceError || error instanceof InvalidCoordinatesError) {
        throw new NewSourceError('location', error.message);
      }
      throw error;
    }
  }
  let timeZone = place?.timeZone ?? null;
  const zoneText = input.timeZone?.trim();
  if (zoneText) {
    timeZone = canonicalTimeZone(zoneText);
    if (!timeZone) {
      throw new NewSourceError(
        'timeZone',
        `"${zoneText}" is not an IANA time zone (e.g. America/Los_Angeles).`,
      );
    }
  }
  return {
    kind,
    name,
    url,
    intervalSeconds: interval.seconds,
    defaultLocation: place?.label ?? null,
    defaultLatitude: place?.latitude ?? null,
    defaultLongitude: place?.longitude ?? null,
    defaultTimeZone: timeZone,
    allowPrivateNetwork,
  };
}
