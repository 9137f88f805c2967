import type { FamJamApp } from '../types.ts';
import { configRoutes } from './config.ts';
import { healthRoutes } from './health.ts';
import { userRoutes } from './users.ts';

/**
 * Every API resource, mounted under /api. Each resource lives in its own file as a Fastify
 * plugin; other resources (events, restaurants, geo, saved…) add one line here.
 */
export async function registerApiRoutes(app: FamJamApp): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
}
