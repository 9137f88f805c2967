import { ClientConfig } from '../../contract/config.ts';
import type { ServerConfig } from '../config.ts';
import type { FamJamApp } from '../types.ts';

export function clientConfigFrom(config: ServerConfig): ClientConfig {
  const { firebase, legal } = config;
  return {
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      ...(firebase.mode === 'project' && firebase.appId !== null ? { appId: firebase.appId } : {}),
    },
    authEmulatorUrl: firebase.mode === 'emulator' ? `http://${firebase.emulatorHost}` : null,
    legal: { company: legal.company, supportEmail: legal.supportEmail },
  };
}

/**
 * What the browser needs to start Firebase. Served at runtime rather than baked into the
 * build, so one build runs against the emulator or any real project.
 */
export async function configRoutes(app: FamJamApp): Promise<void> {
  const body = clientConfigFrom(app.config);
  app.get('/config', { schema: { response: { 200: ClientConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
