import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A family poll (docs/product.md#spec-3-poll-draft, made answerable). Owners and voters are Firebase uids,
 * the identity the token proves, not users rows: anyone signed in may vote from a shared link,
 * onboarded or not, and a users row that a new account claims later (same email, old account
 * deleted) does not hand that account someone else's polls.
 *
 * `id` is 128 random bits in base64url (22 characters): the share link is the only way in, so
 * it must not be guessable or enumerable.
 */
export const polls = pgTable(
  'polls',
  {
    id: text('id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // "My polls, newest first" is one index range.
    index('polls_owner_created_at_idx').on(table.ownerUid, table.createdAt.desc()),
  ],
);

/**
 * A poll's options in display order. `id` ('1'…'5') is the option's position when created; the
 * options never change afterwards, so a vote's option id stays meaningful.
 */
export const pollOptions = pgTable(
  'poll_options',
  {
    pollId: text('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.id] }),
    check('poll_options_position_check', sql`${table.position} BETWEEN 0 AND 4`),
  ],
);

/** One vote per person per poll (the primary key); changing it overwrites the row. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: text('poll_id').notNull(),
    voterUid: text('voter_uid').notNull(),
    optionId: text('option_id').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.voterUid] }),
    // A vote names an option of its own poll; deleting the poll takes options and votes with it.
    foreignKey({
      columns: [table.pollId, table.optionId],
      foreignColumns: [pollOptions.pollId, pollOptions.id],
      name: 'poll_votes_option_fk',
    }).onDelete('cascade'),
  ],
);
