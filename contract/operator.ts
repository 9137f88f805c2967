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

export const SourceIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'the source id' }),
});
export type SourceIdParams = Static<typeof SourceIdParams>;
