import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../contract/errors.ts';
import {
  AppleMusicDeveloperToken,
  AppleMusicUserProfile,
  AppleMusicUserProfileBody,
  SPOTIFY_CALLBACK_PATH,
  SpotifyAccessTokenBody,
  SpotifyAuthUrl,
  SpotifyExchangeCodeBody,
  SpotifyTokens,
  SpotifyTopArtists,
  SpotifyUserProfile,
} from '../../contract/music.ts';
import type { AppleMusicConfig, SpotifyConfig } from '../config.ts';
import { HttpError } from '../plugins/errors.ts';
import { AppleDeveloperTokens, appleMusicLibraryArtists } from '../services/music/appleMusic.ts';
import { OAuthStateStore } from '../services/music/oauthStates.ts';
import { MusicProviderError } from '../services/music/provider.ts';
import {
  exchangeSpotifyCode,
  spotifyAuthUrl,
  spotifyTopArtists,
  spotifyUserProfile,
} from '../services/music/spotify.ts';
import type { FamJamApp } from '../types.ts';

const responses = { '4xx': ApiError, '5xx': ApiError } as const;
const spotifyTags = ['spotify'];
const appleTags = ['apple-music'];

function notConfigured(service: string): HttpError {
  return new HttpError(503, 'not_configured', `${service} is not configured on this server.`);
}

/**
 * Runs a provider call; a provider failure is logged with what happened (status, endpoint;
 * never a token) before it becomes the route's 4xx/502 answer.
 */
async function providerCall<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MusicProviderError) {
      request.log.warn({ provider: error.detail }, error.message);
    }
    throw error;
  }
}

/** Tokens and artists are the caller's: no cache (browser, service worker or proxy) keeps them. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * The music-service calls of onboarding's Music step. In the authenticated scope: they spend
 * FamJam's provider credentials and rate limits, so only a signed-in caller may make them (the
 * Spotify callback page is same-origin and signed in). The OAuth state is kept in the database
 * until its one use (any API process may get the exchange); the provider tokens pass through.
 */
export async function musicRoutes(app: FamJamApp): Promise<void> {
  const { spotify, appleMusic } = app.config.music;
  const states = new OAuthStateStore(app.db);
  const developerTokens = appleMusic === null ? null : new AppleDeveloperTokens(appleMusic);

  function requireSpotify(): SpotifyConfig {
    if (spotify === null) throw notConfigured('Spotify');
    return spotify;
  }
  function requireAppleMusic(): { config: AppleMusicConfig; tokens: AppleDeveloperTokens } {
    if (appleMusic === null || developerTokens === null) throw notConfigured('Apple Music');
    return { config: appleMusic, tokens: developerTokens };
  }

  app.get(
    '/spotify/auth-url',
    {
      schema: {
        operationId: 'getSpotifyAuthUrl',
        summary: "The Spotify authorize URL for the caller's popup (authorization code + PKCE)",
        description: `The URL carries a one-use state (10 minutes, bound to the caller) and the S256 challenge of a verifier the server keeps; it returns to FAMJAM_SPOTIFY_REDIRECT_URI, or to ${SPOTIFY_CALLBACK_PATH} on FAMJAM_PUBLIC_URL (by default the address the server listens on). 503 when Spotify is not configured.`,
        tags: spotifyTags,
        response: { 200: SpotifyAuthUrl, ...responses },
      },
    },
    async (request, reply) => {
      const config = requireSpotify();
      const redirectUri = config.redirectUri ?? `${app.publicOrigin()}${SPOTIFY_CALLBACK_PATH}`;
      noStore(reply);
      return spotifyAuthUrl(config, states, request.user.uid, redirectUri);
    },
  );

  app.post(
    '/spotify/exchange-code',
    {
      schema: {
        operationId: 'exchangeSpotifyCode',
        summary: "Exchange the popup's authorization code for an access token",
        description:
          "The state must be the caller's own, unexpired and unused (400; 403 for another account's). The server adds the client secret and the PKCE verifier. No refresh token is returned. 400 when Spotify refuses the code, 502 when it fails otherwise.",
        tags: spotifyTags,
        body: SpotifyExchangeCodeBody,
        response: { 200: SpotifyTokens, ...responses },
      },
    },
    async (request, reply) => {
      const config = requireSpotify();
      const { code, state } = request.body;
      noStore(reply);
      return providerCall(request, () =>
        exchangeSpotifyCode(config, states, request.user.uid, code, state),
      );
    },
  );

  app.post(
    '/spotify/user-profile',
    {
      schema: {
        operationId: 'getSpotifyUserProfile',
        summary: "The Spotify user's id and display name, for this access token",
        description: 'Spotify refusing the token, or failing, is 502.',
        tags: spotifyTags,
        body: SpotifyAccessTokenBody,
        response: { 200: SpotifyUserProfile, ...responses },
      },
    },
    async (request, reply) => {
      const config = requireSpotify();
      noStore(reply);
      return providerCall(request, () => spotifyUserProfile(config, request.body.accessToken));
    },
  );

  app.post(
    '/spotify/top-artists',
    {
      schema: {
        operationId: 'getSpotifyTopArtists',
        summary: "The Spotify user's top 20 artists with their genres",
        description: 'Spotify refusing the token, or failing, is 502.',
        tags: spotifyTags,
        body: SpotifyAccessTokenBody,
        response: { 200: SpotifyTopArtists, ...responses },
      },
    },
    async (request, reply) => {
      const config = requireSpotify();
      noStore(reply);
      return providerCall(request, () => spotifyTopArtists(config, request.body.accessToken));
    },
  );

  app.get(
    '/apple-music/developer-token',
    {
      schema: {
        operationId: 'getAppleMusicDeveloperToken',
        summary: 'A MusicKit developer token (ES256, 12 hours) for configuring MusicKit JS',
        description:
          'The same token is handed out until 5 minutes before it expires. 503 when Apple Music is not configured.',
        tags: appleTags,
        response: { 200: AppleMusicDeveloperToken, ...responses },
      },
    },
    async (_request, reply) => {
      const { tokens } = requireAppleMusic();
      noStore(reply);
      return tokens.token();
    },
  );

  app.post(
    '/apple-music/user-profile',
    {
      schema: {
        operationId: 'getAppleMusicUserProfile',
        summary: "The Apple Music user's library artists, for this music user token",
        description:
          'Up to 1,000 artists; genres are empty (library artists carry none). Apple refusing the token, or failing, is 502.',
        tags: appleTags,
        body: AppleMusicUserProfileBody,
        response: { 200: AppleMusicUserProfile, ...responses },
      },
    },
    async (request, reply) => {
      const { config, tokens } = requireAppleMusic();
      noStore(reply);
      const { token } = await tokens.token();
      return providerCall(request, () =>
        appleMusicLibraryArtists(config, token, request.body.userToken),
      );
    },
  );
}
