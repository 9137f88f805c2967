import { type Static, Type } from '@sinclair/typebox';
import { EventCategory, StringEnum } from './events.ts';
import {
  SUGGESTION_ADDRESS_MAX,
  SUGGESTION_AGE_MAX,
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_PLACE_MAX,
  SUGGESTION_PRICE_MAX,
  SUGGESTION_TICKET_URL_MAX,
  SUGGESTION_TITLE_MAX,
  SUGGESTION_VENUE_MAX,
} from './suggestionRules.ts';

/** Text PostgreSQL can store: no NUL characters. */
const noNul = '^[^\\u0000]*$';
/** No NUL, and something besides spaces: a blank title would be stored as nothing. */
const filledIn = '^[^\\u0000]*\\S[^\\u0000]*$';

const Age = Type.Integer({ minimum: 0, maximum: SUGGESTION_AGE_MAX });

/**
 * `POST /api/me/suggestions`: an event a signed-in family suggests (docs/suggestions.md). The
 * date and time are the venue's local wall clock; the server places `place` with its gazetteer
 * and takes the time zone from there. Rules the schema cannot express (ages in order, an http(s)
 * ticket link, a date not past) are contract/suggestionRules.ts's and the service's.
 */
export const SuggestEventBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: SUGGESTION_TITLE_MAX, pattern: filledIn }),
    description: Type.Optional(
      Type.String({ maxLength: SUGGESTION_DESCRIPTION_MAX, pattern: noNul }),
    ),
    date: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'the local day, YYYY-MM-DD',
    }),
    time: Type.Optional(
      Type.String({
        pattern: '^\\d{2}:\\d{2}$',
        description: 'the local start time, HH:MM (24-hour); left out for an all-day event',
      }),
    ),
    venue: Type.String({ minLength: 1, maxLength: SUGGESTION_VENUE_MAX, pattern: filledIn }),
    address: Type.Optional(Type.String({ maxLength: SUGGESTION_ADDRESS_MAX, pattern: noNul })),
    place: Type.String({
      minLength: 1,
      maxLength: SUGGESTION_PLACE_MAX,
      pattern: filledIn,
      description: "the city, a ZIP code or 'lat, lon': where the event goes on the map",
    }),
    price: Type.Optional(
      Type.String({
        maxLength: SUGGESTION_PRICE_MAX,
        pattern: noNul,
        description: 'as a person would write it ("$12, kids free"); blank means free',
      }),
    ),
    category: EventCategory,
    minAge: Type.Optional(Age),
    maxAge: Type.Optional(Age),
    ticketUrl: Type.Optional(Type.String({ maxLength: SUGGESTION_TICKET_URL_MAX, pattern: noNul })),
  },
  { additionalProperties: false },
);
export type SuggestEventBody = Static<typeof SuggestEventBody>;

export const SuggestionStatusSchema = StringEnum(['waiting', 'published', 'declined'] as const);

const Instant = Type.String({ format: 'date-time' });
const TextOrNull = Type.Union([Type.String(), Type.Null()]);
const AgeOrNull = Type.Union([Type.Integer(), Type.Null()]);

/** A suggestion as its author and the operators see it. */
export const Suggestion = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: SuggestionStatusSchema,
  /** 'Waiting for review', 'Published' or 'Not published: {reason}', as the person is told. */
  statusText: Type.String(),
  /** The operator's reason when declined; null otherwise. */
  reason: TextOrNull,
  title: Type.String(),
  description: Type.String(),
  startsAt: Instant,
  timeZone: Type.String(),
  /** False for an all-day event. */
  hasTime: Type.Boolean(),
  venue: Type.String(),
  address: Type.String(),
  /** The city label the gazetteer gave the place, e.g. 'Oakland, CA'. */
  location: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  priceText: TextOrNull,
  category: EventCategory,
  minAge: AgeOrNull,
  maxAge: AgeOrNull,
  ticketUrl: TextOrNull,
  /** The stored picture (served under /pictures/{id}/…), or null without one. */
  imageId: TextOrNull,
  /** The published event's id; null while waiting or when declined. */
  eventId: TextOrNull,
  createdAt: Instant,
});
export type Suggestion = Static<typeof Suggestion>;

export const SuggestionList = Type.Object({ suggestions: Type.Array(Suggestion) });
export type SuggestionList = Static<typeof SuggestionList>;

export const SuggestionIdParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'the suggestion id' }),
});
export type SuggestionIdParams = Static<typeof SuggestionIdParams>;
