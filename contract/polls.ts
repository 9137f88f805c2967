import { type Static, Type } from '@sinclair/typebox';
import {
  POLL_DESCRIPTION_MAX,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX,
  POLL_TITLE_MAX,
} from './pollRules.ts';

/** Text PostgreSQL can store: no NUL characters. */
const noNul = '^[^\\u0000]*$';

/**
 * `POST /api/polls` (docs/product.md#spec-3-poll-draft). The schema bounds the shape; the rules that need
 * trimming (a title that is not blank, at least 2 non-blank options) are `cleanPollDraft`'s.
 */
export const CreatePollBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: POLL_TITLE_MAX, pattern: noNul }),
    description: Type.Optional(Type.String({ maxLength: POLL_DESCRIPTION_MAX, pattern: noNul })),
    options: Type.Array(Type.String({ maxLength: POLL_OPTION_MAX, pattern: noNul }), {
      minItems: POLL_MIN_OPTIONS,
      maxItems: POLL_MAX_OPTIONS,
    }),
  },
  { additionalProperties: false },
);
export type CreatePollBody = Static<typeof CreatePollBody>;

export const PollOption = Type.Object({
  /** Stable for the poll's life: votes name it. */
  id: Type.String(),
  text: Type.String(),
  votes: Type.Integer({ minimum: 0 }),
});
export type PollOption = Static<typeof PollOption>;

/** A poll as the caller sees it: counts so far, their own vote, and whether they own it. */
export const Poll = Type.Object({
  /** Unguessable (128 random bits, base64url): the share link is the invitation. */
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  options: Type.Array(PollOption),
  totalVotes: Type.Integer({ minimum: 0 }),
  /** The option the caller voted for, or null. */
  myVote: Type.Union([Type.String(), Type.Null()]),
  isOwner: Type.Boolean(),
  closed: Type.Boolean(),
  closedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Poll = Static<typeof Poll>;

export const PollList = Type.Object({ polls: Type.Array(Poll) });
export type PollList = Static<typeof PollList>;

export const POLL_LIST_MAX = 20;

export const ListPollsQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: POLL_LIST_MAX, default: POLL_LIST_MAX }),
  },
  { additionalProperties: false },
);
export type ListPollsQuery = Static<typeof ListPollsQuery>;

/**
 * Any text: an id that is not a poll id's shape is simply no poll (404), like an unknown one,
 * so a malformed link reads the same as a deleted poll.
 */
export const PollIdParams = Type.Object({
  id: Type.String({ description: 'the poll id: 22 characters of base64url' }),
});
export type PollIdParams = Static<typeof PollIdParams>;

export const VoteBody = Type.Object(
  { optionId: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type VoteBody = Static<typeof VoteBody>;
