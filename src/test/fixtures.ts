import type { ClientConfig } from '../../contract/config.ts';
import type { Event } from '../../contract/events.ts';
import { ownTilesMapConfig } from '../../contract/maps.ts';
import type { Restaurant } from '../../contract/restaurants.ts';
import type { Suggestion } from '../../contract/suggestions.ts';
import type { UserRecord } from '../../contract/user.ts';
import { venueDay } from '../domain/eventDisplay.ts';

/** A complete user record as GET /api/users/by-email returns it, for tests that need one. */
export const samUserRecord: UserRecord = {
  id: 'u1',
  email: 'sam@example.com',
  name: 'Sam',
  familySituation: 'teens',
  musicPreferences: ['Jazz'],
  musicArtists: [],
  location: 'Oakland, CA',
  photoUpdatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** What GET /api/config serves in tests: a demo Firebase project, no emulator, no ads, no music services. */
export const testClientConfig: ClientConfig = {
  firebase: { apiKey: 'fake', authDomain: 'demo-famjam.firebaseapp.com', projectId: 'demo-famjam' },
  authEmulator: false,
  legal: { company: 'FamJam Inc.', supportEmail: 'support@famjam.test' },
  ads: null,
  music: { spotify: false, appleMusic: null },
  map: ownTilesMapConfig,
  push: {
    vapidPublicKey:
      'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M',
  },
};

/** An event as the API serves it; tests override only the fields they are about. */
export function eventFixture(overrides: Partial<Event> = {}): Event {
  const event: Omit<Event, 'day'> & Partial<Pick<Event, 'day'>> = {
    id: 'seed:sf-0001',
    title: 'Family Jazz Picnic',
    description: 'Live jazz on the lawn.',
    venue: 'Golden Gate Park Bandshell',
    location: 'San Francisco, CA',
    address: '55 Music Concourse Dr, San Francisco, CA',
    date: '2026-11-28T19:00:00.000Z',
    time: '11:00 AM',
    timeZone: 'America/Los_Angeles',
    price: '$25',
    imageUrl: '/images/categories/music.svg',
    imageId: null,
    cancelled: false,
    category: 'music',
    tags: ['jazz', 'outdoors', 'picnic'],
    isFamilyFriendly: true,
    minAge: null,
    maxAge: null,
    ticketUrl: null,
    latitude: 37.7694,
    longitude: -122.4662,
    distanceKm: 3.2,
    ...overrides,
  };
  // The venue's day follows `date` and `timeZone` as the server computes it, unless a test sets it.
  return { ...event, day: overrides.day ?? venueDay(event) };
}

/** A restaurant as GET /api/restaurants serves it. */
export function restaurantFixture(overrides: Partial<Restaurant> = {}): Restaurant {
  return {
    id: 'seed:r-sf-01',
    name: 'Little Star Pizza',
    cuisine: 'Pizza',
    rating: '4.5',
    distance: '0.8 mi',
    distanceKm: 1.3,
    features: ['Kids menu', 'High chairs', 'Outdoor seating'],
    imageUrl: '/images/categories/restaurant.svg',
    reservationUrl: 'https://reserve.example/little-star',
    priceLevel: '$$',
    address: '846 Divisadero St, San Francisco, CA',
    location: 'San Francisco, CA',
    latitude: 37.7775,
    longitude: -122.4379,
    ...overrides,
  };
}

/** A suggestion as the API serves it, waiting for review; tests override what they are about. */
export function suggestionFixture(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: '6f1c7a52-8b4d-4b8e-9a55-0d2b0c6f0001',
    status: 'waiting',
    statusText: 'Waiting for review',
    reason: null,
    title: 'Bubble Festival',
    description: '',
    startsAt: '2026-12-05T18:30:00.000Z',
    timeZone: 'America/Los_Angeles',
    hasTime: true,
    venue: 'Lake Merritt Amphitheater',
    address: '',
    location: 'Oakland, CA',
    latitude: 37.8,
    longitude: -122.26,
    priceText: null,
    category: 'popup',
    minAge: null,
    maxAge: null,
    ticketUrl: null,
    imageId: null,
    eventId: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}
