import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * State that every API process must see the same way, kept in the database rather than in one
 * process's memory (docs/scaling.md): several processes on one PostgreSQL then agree.
 */

/**
 * The rate limit's counters (@fastify/rate-limit with server/stores/rateLimits.ts): one row
 * per client key and window; a client limited by one process is limited by all. Each process
 * adds its hits every 250 ms in one statement. UNLOGGED (migration 0021, which drizzle's schema
 * cannot say): counts are worth nothing after a crash, so no WAL is written for them.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_at_idx').on(table.resetAt)],
);

/**
 * Open music-service sign-ins (server/services/music/oauthStates.ts), between `auth-url` and
 * `exchange-code`: the second call may reach another process than the first. The PKCE verifier
 * never leaves the server.
 */
export const musicAuthorizations = pgTable(
  'music_authorizations',
  {
    /** The OAuth `state`: 32 random bytes, base64url. */
    state: text('state').primaryKey(),
    /** The Firebase uid that asked: only that account may redeem the state. */
    uid: text('uid').notNull(),
    verifier: text('verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('music_authorizations_expires_at_idx').on(table.expiresAt)],
);
