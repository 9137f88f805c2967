import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestaurantPage } from '../../contract/restaurants.ts';
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

describe('GET /api/restaurants', () => {
  it('lists places to eat near San Francisco by default, nearest first', async () => {
    const { status, body } = await getJson(app, '/api/restaurants', RestaurantPage);
    expect(status).toBe(200);
    expect(body.restaurants.map((restaurant) => restaurant.id)).toEqual([
      'test:zuni',
      'test:tartine',
      'test:homeroom',
    ]);
    expect(body.nextOffset).toBeNull();
    expect(body.restaurants[0]).toMatchObject({
      name: 'Zuni Café',
      cuisine: 'Californian',
      rating: '4.5',
      features: ['Outdoor seating', 'Kid friendly', 'Bar'],
      imageUrl: '/images/restaurants/default.svg',
      reservationUrl: 'https://reserve.example.com/zuni',
      priceLevel: '$$$',
      location: 'San Francisco, CA',
    });
    expect(body.restaurants[0]?.distance).toMatch(/^\d+\.\d mi$/);
    const distances = body.restaurants.map((restaurant) => restaurant.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.restaurants.find((r) => r.id === 'test:homeroom')?.priceLevel).toBe('');
  });

  it('measures from the place asked', async () => {
    const { body } = await getJson(
      app,
      '/api/restaurants?location=Oakland%2C%20CA',
      RestaurantPage,
    );
    expect(body.restaurants[0]?.id).toBe('test:homeroom');
    const newYork = await getJson(app, '/api/restaurants?location=10002', RestaurantPage);
    expect(newYork.body.restaurants.map((restaurant) => restaurant.id)).toEqual(['test:katz']);
  });

  it('pages with limit and offset', async () => {
    const first = await getJson(app, '/api/restaurants?limit=2', RestaurantPage);
    expect(first.body.restaurants).toHaveLength(2);
    expect(first.body.nextOffset).toBe(2);
    const second = await getJson(app, '/api/restaurants?limit=2&offset=2', RestaurantPage);
    expect(second.body.restaurants.map((restaurant) => restaurant.id)).toEqual(['test:homeroom']);
    expect(second.body.nextOffset).toBeNull();
  });

  it('narrows with radiusKm', async () => {
    const { body } = await getJson(app, '/api/restaurants?radiusKm=5', RestaurantPage);
    expect(body.restaurants.map((restaurant) => restaurant.id)).toEqual([
      'test:zuni',
      'test:tartine',
    ]);
  });

  it.each([
    ['location=Atlantiss', 'Atlantiss'],
    ['limit=0', 'limit'],
    ['offset=x', 'offset'],
    ['radiusKm=-4', 'radiusKm'],
  ])('answers 400 naming the parameter for %s', async (query, named) => {
    const { status, body } = await get<{ message: string }>(`/api/restaurants?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
  });
});
