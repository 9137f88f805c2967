import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import { HttpError } from '../plugins/errors.ts';
import { pingDatabase } from '../services/health.ts';
import type { FamJamApp } from '../types.ts';

const Health = Type.Object({
  ok: Type.Literal(true),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

/** For load balancers and the start scripts: answers only when the database does. */
export async function healthRoutes(app: FamJamApp): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer',
        // 4xx: the API rate limit (429) applies here too.
        response: { 200: Health, '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      // The probe's answer is whether the database does: its failure is this route's 503, not
      // an error of the request's.
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database query failed');
        throw new HttpError(503, 'database_unavailable', 'The database is not answering.');
      }
      reply.header('cache-control', 'no-store');
      return { ok: true as const, database: app.config.database.kind };
    },
  );
}
