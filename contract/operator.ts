import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './events.ts';
import { SourceSummary } from './sources.ts';
import { DECLINE_REASON_MAX } from './suggestionRules.ts';

/**
 * `GET /api/me/role`: whether the caller may open the operator screen (docs/suggestions.md), so
 * the client shows its link only to operators. The operator routes check again on every call.
 */
export const AccountRole = Type.Object({ operator: Type.Boolean() });
export type AccountRole = Static<typeof AccountRole>;

/** `GET /api/operator/suggestions`: only the waiting ones are listed (the review queue). */
export const OperatorSuggestionsQuery = Type.Object(
  {
    status: Type.Optional(
      StringEnum(['waiting'] as const, {
        description: 'which suggestions: only "waiting" (the review queue), the default',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OperatorSuggestionsQuery = Static<typeof OperatorSuggestionsQuery>;

/** `POST /api/operator/suggestions/:id/decline`: the reason the family is shown. */
export const DeclineSuggestionBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: DECLINE_REASON_MAX,
      pattern: '^[^\\u0000]*\\S[^\\u0000]*$',
      description: "shown to the family as 'Not published: {reason}'",
    }),
  },
  { additionalProperties: false },
);
export type DeclineSuggestionBody = Static<typeof DeclineSuggestionBody>;

/** `GET /api/operator/sources`: every source with its last run. */
export const SourceList = Type.Object({ sources: Type.Array(SourceSummary) });
export type SourceList = Static<typeof SourceList>;

/** The largest id a source can have (PostgreSQL's integer). */
export const MAX_SOURCE_ID = 2_147_483_647;

/**
 * A source id in a path, written as plain decimal. Text rather than an integer: the integer
 * coercion of query and path values also took '0x10', '95e0', '+99' and ' 97' as 16, 95, 99
 * and 97, so a mistyped id could delete another source. The route turns it into a number.
 */
export const SourceIdParams = Type.Object({
  id: Type.String({
    pattern: '^[1-9][0-9]*$',
    maxLength: String(MAX_SOURCE_ID).length,
    description: 'the source id, in decimal without sign, leading zero, exponent or space',
  }),
});
export type SourceIdParams = Static<typeof SourceIdParams>;

/**
 * `POST /api/operator/sources`: a new source, as `npm run sources -- add` takes it. The fields
 * are text on purpose: the server checks them with the CLI's rules and answers 400 with the
 * CLI's sentences ('"6x" is not an interval: …'). There is no allowPrivateNetwork: a source on
 * the server's own network can only be added from its shell (docs/sources.md).
 */
export const AddSourceBody = Type.Object(
  {
    kind: Type.String({
      maxLength: 40,
      description:
        'ical (an iCalendar feed), jsonld (a page with schema.org events) or ticketmaster',
    }),
    url: Type.String({
      maxLength: 2048,
      description:
        "the feed's http(s) URL; for ticketmaster a Discovery query such as 'city=Oakland&stateCode=CA'",
    }),
    name: Type.String({ maxLength: 500, description: 'what the operator screen calls it' }),
    every: Type.String({ maxLength: 20, description: 'how often to poll it: 30m, 6h, 1d, 1w' }),
    location: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'where events that name no place happen: a city, ZIP or "lat, lon"',
      }),
    ),
    timeZone: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "the IANA zone of times written without one (default: the location's)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type AddSourceBody = Static<typeof AddSourceBody>;
