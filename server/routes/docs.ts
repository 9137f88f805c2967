import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { PRODUCT_NAME } from '../../contract/product.ts';
import { firebaseIdTokenScheme } from '../plugins/auth.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The OpenAPI document at `/api/docs`, built from the same TypeBox schemas that validate and
 * serialise every route. Registered without encapsulation and before the other routes, so the
 * swagger hook sees every route of the app; the SPA's own routes are left out.
 */
export const docsRoutes = fp(
  async (app: FamJamApp) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${PRODUCT_NAME} API`,
          description:
            'Events, places and saved lists. Errors are JSON { error, message } with a 4xx status; the message names the parameter at fault.',
          version: '1.0.0',
        },
        // Relative: the document describes whichever server serves it (no-empty-servers).
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: {
          securitySchemes: {
            [firebaseIdTokenScheme]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'Firebase ID token',
            },
          },
        },
      },
      transform: ({ schema, url }) => ({
        schema: url.startsWith('/api/') ? schema : { ...schema, hide: true },
        url,
      }),
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'famjam-docs' },
);
