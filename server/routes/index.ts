import type { FamJamApp } from '../types.ts';
import { configRoutes } from './config.ts';
import { docsRoutes } from './docs.ts';
import { eventRoutes } from './events.ts';
import { geoRoutes } from './geo.ts';
import { healthRoutes } from './health.ts';
import { meRoutes } from './me.ts';
import { restaurantRoutes } from './restaurants.ts';
import { userRoutes } from './users.ts';

/**
 * Every API resource, mounted under /api. Each resource lives in its own file as a Fastify
 * plugin; other resources (events, restaurants, geo, saved…) add one line here.
 */
export async function registerApiRoutes(app: FamJamApp): Promise<void> {
  // First, so the OpenAPI document sees every route registered after it.
  await app.register(docsRoutes);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(restaurantRoutes, { prefix: '/api' });
  await app.register(geoRoutes, { prefix: '/api' });
  await app.register(meRoutes, { prefix: '/api' });
}
