import type { FamJamApp } from '../types.ts';
import { calendarFeedRoutes, calendarFileRoutes } from './calendarFeed.ts';
import { configRoutes } from './config.ts';
import { docsRoutes } from './docs.ts';
import { emailUnsubscribeRoutes } from './emailUnsubscribe.ts';
import { eventRoutes } from './events.ts';
import { geoRoutes } from './geo.ts';
import { healthRoutes } from './health.ts';
import { mapRoutes } from './maps.ts';
import { meRoutes } from './me.ts';
import { musicRoutes } from './music.ts';
import { operatorRoutes } from './operator.ts';
import { outreachRoutes } from './outreach.ts';
import { photoRoutes } from './photo.ts';
import { pictureRoutes } from './pictures.ts';
import { pollRoutes } from './polls.ts';
import { recommendationRoutes } from './recommendations.ts';
import { restaurantRoutes } from './restaurants.ts';
import { authenticatedScope, publicScope, type Resource } from './scopes.ts';
import { suggestionRoutes } from './suggestions.ts';
import { userRoutes } from './users.ts';
import { watchedSearchRoutes } from './watchedSearches.ts';

/** Open to anyone: what the browser needs to start, and events and places to browse. */
const publicResources: Resource[] = [
  healthRoutes,
  configRoutes,
  eventRoutes,
  restaurantRoutes,
  geoRoutes,
  // The feed's secret is its credential: calendar apps send no Firebase token.
  calendarFileRoutes,
  // The weekly email's one-click unsubscribe (RFC 8058): its token is the credential.
  emailUnsubscribeRoutes,
];

/**
 * Open to anyone and outside /api: the stored pictures and link previews, fetched by <img> and
 * by link-preview crawlers, which send no token; and the map tiles and static venue maps FamJam
 * draws, which hold nothing personal.
 */
const publicFileResources: Resource[] = [pictureRoutes, mapRoutes];

/**
 * The signed-in caller's data: the scope verifies the Firebase ID token before any of their
 * routes runs. A new resource that reads or writes user data is one more line here.
 */
const authenticatedResources: Resource[] = [
  userRoutes,
  meRoutes,
  photoRoutes,
  calendarFeedRoutes,
  pollRoutes,
  musicRoutes,
  recommendationRoutes,
  suggestionRoutes,
  operatorRoutes,
  watchedSearchRoutes,
  outreachRoutes,
];

/**
 * Every resource: the API's under /api, the pictures' at the root. Each resource lives in its
 * own file as a Fastify plugin and joins one of the lists above; the list decides its
 * authentication and what the OpenAPI document says about it.
 */
export async function registerApiRoutes(app: FamJamApp): Promise<void> {
  // First, so the OpenAPI document sees every route registered after it.
  await app.register(docsRoutes);
  await app.register(publicScope(publicResources), { prefix: '/api' });
  await app.register(authenticatedScope(authenticatedResources), { prefix: '/api' });
  await app.register(publicScope(publicFileResources));
}
