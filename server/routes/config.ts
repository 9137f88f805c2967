import { ClientConfig } from '../../contract/config.ts';
import { ApiError } from '../../contract/errors.ts';
import type { ServerConfig } from '../config.ts';
import { vapidKeysOf } from '../services/outreach/pushKeys.ts';
import type { FamJamApp } from '../types.ts';

export function clientConfigFrom(config: ServerConfig): ClientConfig {
  const { firebase, legal, ads, music, map } = config;
  const vapidKeys = vapidKeysOf(config);
  return {
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      ...(firebase.mode === 'project' && firebase.appId !== null ? { appId: firebase.appId } : {}),
    },
    // Not the emulator's address: the browser only ever reaches it through this origin.
    authEmulator: firebase.mode === 'emulator',
    legal: { company: legal.company, supportEmail: legal.supportEmail },
    ads: ads === null ? null : { client: ads.client, homeSlot: ads.homeSlot },
    // Only whether each service is configured (and MusicKit's URL): credentials stay here.
    music: {
      spotify: music.spotify !== null,
      appleMusic: music.appleMusic === null ? null : { scriptUrl: music.appleMusic.scriptUrl },
    },
    map: { tiles: { ...map.tiles }, attribution: map.attribution, maxZoom: map.maxZoom },
    // The public half only: the browser subscribes with it; the private half signs pushes.
    push: { vapidPublicKey: vapidKeys.publicKey },
  };
}

/**
 * What the browser needs to start Firebase. Served at runtime rather than baked into the
 * build, so one build runs against the emulator or any real project.
 */
export async function configRoutes(app: FamJamApp): Promise<void> {
  const body = clientConfigFrom(app.config);
  app.get(
    '/config',
    {
      schema: {
        operationId: 'getClientConfig',
        summary:
          'What the browser needs to start Firebase, the legal lines, the ad slots, the music services and the Web Push key',
        // 4xx: the API rate limit (429) applies here too.
        response: { 200: ClientConfig, '4xx': ApiError },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
}
