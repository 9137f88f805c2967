import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/lib/authEmulator.ts';
import { buildTestApp } from './helpers.ts';

const originalDatabaseUrl = process.env.DATABASE_URL;

afterEach(() => {
  if (originalDatabaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = originalDatabaseUrl;
});

describe('buildTestApp', () => {
  it('uses the PostgreSQL server DATABASE_URL names, like the other API tests', async () => {
    // Nothing listens on a fresh free port: an app that honours DATABASE_URL cannot start,
    // while one that ignored it would start on PGlite.
    const closedPort = await findFreePort();
    process.env.DATABASE_URL = `postgres://famjam:secret@127.0.0.1:${closedPort}/postgres`;
    await expect(buildTestApp()).rejects.toThrow(/ECONNREFUSED/);
  });
});
