import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Place, PlaceSuggestions } from '../../contract/geo.ts';
import { buildFixtureApp } from '../test/fixtureApp.ts';
import { getJson } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  ({ app } = await buildFixtureApp());
});

afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string) => getJson<T>(app, url);

describe('GET /api/geo/reverse', () => {
  it('names the city of a GPS fix', async () => {
    const { status, body } = await getJson(
      app,
      '/api/geo/reverse?lat=37.7599&lon=-122.4148',
      Place,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      label: 'San Francisco, CA',
      latitude: 37.7599,
      longitude: -122.4148,
      timeZone: 'America/Los_Angeles',
    });
    const brooklyn = await getJson(app, '/api/geo/reverse?lat=40.6782&lon=-73.9442', Place);
    expect(brooklyn.body.label).toBe('Brooklyn, NY');
    const lyon = await getJson(app, '/api/geo/reverse?lat=45.76&lon=4.84', Place);
    expect(lyon.body.label).toBe('Lyon, France');
  });

  it.each([
    ['lat=91&lon=0', 'lat'],
    ['lat=0&lon=-181', 'lon'],
    ['lat=north&lon=0', 'lat'],
    ['lon=0', 'lat'],
    ['lat=0', 'lon'],
  ])('answers 400 naming the parameter for %s', async (query, named) => {
    const { status, body } = await get<{ message: string }>(`/api/geo/reverse?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
  });
});

describe('GET /api/geo/suggest', () => {
  it('suggests up to 8 places, US and bigger ones first', async () => {
    const { status, body } = await getJson(app, '/api/geo/suggest?q=Oak', PlaceSuggestions);
    expect(status).toBe(200);
    expect(body.suggestions[0]).toBe('Oakland, CA');
    expect(body.suggestions.length).toBe(8);
    const sanFrancisco = await getJson(app, '/api/geo/suggest?q=san%20fr', PlaceSuggestions);
    expect(sanFrancisco.body.suggestions[0]).toBe('San Francisco, CA');
    const qualified = await getJson(app, '/api/geo/suggest?q=Portland%2C%20M', PlaceSuggestions);
    expect(qualified.body.suggestions[0]).toBe('Portland, ME');
  });

  it('suggests cities for a ZIP prefix', async () => {
    const { body } = await getJson(app, '/api/geo/suggest?q=9410', PlaceSuggestions);
    expect(body.suggestions).toEqual(['San Francisco, CA']);
  });

  it('answers an empty list for a prefix nothing starts with', async () => {
    const { status, body } = await getJson(app, '/api/geo/suggest?q=Qxzv', PlaceSuggestions);
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([]);
  });

  it.each([
    ['q=', 'q'],
    ['', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('answers 400 naming the parameter for "%s"', async (query, named) => {
    const { status, body } = await get<{ message: string }>(`/api/geo/suggest?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
  });
});
