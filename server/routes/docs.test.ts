import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureApp } from '../test/fixtureApp.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  ({ app } = await buildFixtureApp());
});

afterAll(async () => {
  await app?.close();
});

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: { enum?: string[]; maximum?: number };
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        responses: Record<string, unknown>;
        security?: Array<Record<string, string[]>>;
      }
    >
  >;
}

/** A 4xx response as the document describes it. */
interface ErrorAnswer {
  content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
}

describe('GET /api/docs', () => {
  it('serves the OpenAPI document of every API route, from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('FamJam API');
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/events',
      '/api/events/search',
      '/api/events/categories',
      '/api/events/saved',
      '/api/events/{id}',
      '/api/restaurants',
      '/api/geo/reverse',
      '/api/geo/suggest',
      '/api/me/saved',
      '/api/me/calendar-feed',
      '/api/me/calendar-feed/rotate',
      '/api/calendar/{secret}.ics',
      '/api/users',
      '/api/users/me',
      '/api/me',
      '/api/me/photo',
      '/api/me/notifications',
      '/api/me/notifications/read',
      '/api/polls',
      '/api/polls/{id}',
      '/api/polls/{id}/vote',
      '/api/polls/{id}/close',
      '/api/spotify/auth-url',
      '/api/spotify/exchange-code',
      '/api/spotify/user-profile',
      '/api/spotify/top-artists',
      '/api/apple-music/developer-token',
      '/api/apple-music/user-profile',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.every((path) => path.startsWith('/api/'))).toBe(true);
    expect(paths).not.toContain('/api/docs');

    const search = document.paths['/api/events/search']?.get;
    const parameter = (name: string) => search?.parameters?.find((p) => p.name === name);
    expect(parameter('price')?.schema.enum).toEqual(['', 'free', 'under20', '20to50', '50plus']);
    expect(parameter('category')?.schema.enum).toContain('deals');
    expect(parameter('limit')?.schema.maximum).toBe(100);
    for (const name of ['query', 'familyMode', 'location', 'date', 'tz', 'cursor', 'offset']) {
      expect(parameter(name)?.in).toBe('query');
    }
    expect(Object.keys(search?.responses ?? {})).toContain('200');
    // "Search this area" (issue 33): the box, on the listing, the search and the counts alike.
    for (const path of ['/api/events', '/api/events/search', '/api/events/categories']) {
      const bbox = document.paths[path]?.get?.parameters?.find((p) => p.name === 'bbox');
      expect(bbox, path).toMatchObject({ in: 'query', required: false });
      expect(bbox?.description, path).toMatch(/^A box 'west,south,east,north' in degrees/);
    }
    expect(Object.keys(document.paths['/api/me/saved'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(document.paths['/api/me/photo'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'post',
    ]);
  });

  it('says which operations need a Firebase ID token: those of the authenticated scope', async () => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/docs' })
    ).json<OpenApiDocument>();
    const bearerToken = [{ firebaseIdToken: [] }];
    expect(document.paths['/api/me/saved']?.put?.security).toEqual(bearerToken);
    expect(document.paths['/api/users']?.post?.security).toEqual(bearerToken);
    expect(document.paths['/api/users/by-email/{email}']?.get?.security).toEqual(bearerToken);
    for (const method of ['get', 'delete'] as const) {
      expect(document.paths['/api/polls/{id}']?.[method]?.security).toEqual(bearerToken);
    }
    expect(document.paths['/api/users/me']?.put?.security).toEqual(bearerToken);
    expect(document.paths['/api/me']?.delete?.security).toEqual(bearerToken);
    for (const method of ['get', 'post', 'delete'] as const) {
      expect(document.paths['/api/me/photo']?.[method]?.security).toEqual(bearerToken);
    }
    expect(document.paths['/api/me/notifications']?.get?.security).toEqual(bearerToken);
    expect(document.paths['/api/me/notifications/read']?.post?.security).toEqual(bearerToken);
    // They spend FamJam's provider credentials and rate limits.
    for (const path of ['/api/spotify/auth-url', '/api/apple-music/developer-token']) {
      expect(document.paths[path]?.get?.security).toEqual(bearerToken);
    }
    for (const path of [
      '/api/spotify/exchange-code',
      '/api/spotify/user-profile',
      '/api/spotify/top-artists',
      '/api/apple-music/user-profile',
    ]) {
      expect(document.paths[path]?.post?.security).toEqual(bearerToken);
    }
    expect(document.paths['/api/events']?.get?.security).toEqual([]);
    expect(document.paths['/api/config']?.get?.security).toEqual([]);
  });

  it('documents the error answer of every operation, with the field a form marks', async () => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/docs' })
    ).json<OpenApiDocument>();
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const errors = Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('4'))
          .map(([, answer]) => answer as ErrorAnswer);
        for (const answer of errors) {
          const properties = answer.content?.['application/json']?.schema?.properties ?? {};
          if (!('field' in properties)) undocumented.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
    const suggest = document.paths['/api/me/suggestions']?.post?.responses['4XX'] as ErrorAnswer;
    expect(
      Object.keys(suggest.content?.['application/json']?.schema?.properties ?? {}).sort(),
    ).toEqual(['error', 'field', 'message']);
  });

  it("lints clean with Redocly's recommended rules, as a client generator would read it", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: '/api/docs.json',
      config: await createConfig({
        extends: ['recommended'],
        // FamJam is a private product: its API grants no license to declare, and inventing
        // license metadata would be worse than none.
        rules: { 'info-license': 'off', 'info-license-strict': 'off' },
      }),
    });
    // One line per problem, so a failure says which rule fired where.
    expect(
      problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId} at ${problem.location.map((where) => where.pointer).join(', ')}: ${problem.message}`,
      ),
    ).toEqual([]);
  });
});
