-- The rate limit's counts are written in batches (server/stores/rateLimits.ts, issue 36): each
-- API process adds its hits per client every 250 ms in one statement. They are worth nothing
-- after a crash (a window restarts, which is what a restart of the in-memory count does too),
-- so the table skips the write-ahead log: no WAL per flush, no copy on a standby. PostgreSQL
-- empties an unlogged table after a crash; the table itself, its columns and index stay the
-- same, so processes of the previous release keep counting in it during a rolling deploy.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
