import {
  type MusicArtist,
  SPOTIFY_EXCHANGE_FAILED,
  SPOTIFY_PROFILE_FAILED,
  SPOTIFY_TOP_ARTISTS_FAILED,
  type SpotifyAuthUrl,
  type SpotifyTokens,
  type SpotifyUserProfile,
} from '../../../contract/music.ts';
import type { SpotifyConfig } from '../../config.ts';
import { ForbiddenError, InvalidInputError } from '../errors.ts';
import type { OAuthStateStore } from './oauthStates.ts';
import { callProvider, isRecord, MusicProviderError, type ProviderFetch } from './provider.ts';

/**
 * Only the top artists are read. GET /v1/me's display_name needs no scope (user-read-private
 * covers country, product and explicit-content settings; user-read-email the address).
 */
const SPOTIFY_SCOPES = 'user-top-read';
const TOP_ARTISTS_LIMIT = 20;

/** The authorize URL for `uid`'s popup: authorization code with a state and a PKCE challenge. */
export async function spotifyAuthUrl(
  config: SpotifyConfig,
  states: OAuthStateStore,
  uid: string,
  redirectUri: string,
): Promise<SpotifyAuthUrl> {
  const { state, challenge } = await states.create(uid, redirectUri);
  const url = new URL(`${config.accountsUrl}/authorize`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SPOTIFY_SCOPES,
    state,
    code_challenge_method: 'S256',
    code_challenge: challenge,
  }).toString();
  return { authUrl: url.href, state };
}

/**
 * Redeems the popup's code: the state must be `uid`'s own, open and unused. The client secret
 * and the verifier go only to the token endpoint; the refresh token it returns is dropped.
 */
export async function exchangeSpotifyCode(
  config: SpotifyConfig,
  states: OAuthStateStore,
  uid: string,
  code: string,
  state: string,
  fetchImpl?: ProviderFetch,
): Promise<SpotifyTokens> {
  const taken = await states.take(state, uid);
  if (!taken.ok) {
    throw taken.problem === 'another_account'
      ? new ForbiddenError(
          'This Spotify sign-in was started by another account. Start the connection again.',
        )
      : new InvalidInputError(
          'This Spotify sign-in has expired or was already used. Start the connection again.',
        );
  }
  const credentials = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const { status, body } = await callProvider(
    `${config.accountsUrl}/api/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: taken.pending.redirectUri,
        code_verifier: taken.pending.verifier,
      }).toString(),
    },
    SPOTIFY_EXCHANGE_FAILED,
    fetchImpl,
  );
  const error = isRecord(body) && typeof body.error === 'string' ? body.error : null;
  if (status !== 200) {
    // invalid_grant: the code (or its verifier) is bad, which is the caller's input; anything
    // else (invalid_client, an outage) is ours or the provider's.
    throw new MusicProviderError(
      error === 'invalid_grant' ? 'invalid' : 'upstream',
      SPOTIFY_EXCHANGE_FAILED,
      `token endpoint answered ${status} ${error ?? ''}`.trim(),
    );
  }
  if (
    !isRecord(body) ||
    typeof body.access_token !== 'string' ||
    body.access_token === '' ||
    typeof body.expires_in !== 'number'
  ) {
    throw new MusicProviderError(
      'upstream',
      SPOTIFY_EXCHANGE_FAILED,
      'token endpoint answer malformed',
    );
  }
  return {
    access_token: body.access_token,
    token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    expires_in: Math.max(0, Math.floor(body.expires_in)),
    scope: typeof body.scope === 'string' ? body.scope : SPOTIFY_SCOPES,
  };
}

/**
 * A Web API GET with the user's access token. Any refusal (an expired or foreign token
 * included) is the provider's failure (a 502): 401 stays reserved for FamJam's own sign-in, which the client treats apart.
 */
async function spotifyGet(
  config: SpotifyConfig,
  path: string,
  accessToken: string,
  failure: string,
  fetchImpl?: ProviderFetch,
): Promise<unknown> {
  const { status, body } = await callProvider(
    `${config.apiUrl}${path}`,
    { headers: { authorization: `Bearer ${accessToken}` } },
    failure,
    fetchImpl,
  );
  if (status !== 200) {
    throw new MusicProviderError('upstream', failure, `${path.split('?')[0]} answered ${status}`);
  }
  return body;
}

export async function spotifyUserProfile(
  config: SpotifyConfig,
  accessToken: string,
  fetchImpl?: ProviderFetch,
): Promise<SpotifyUserProfile> {
  const body = await spotifyGet(config, '/v1/me', accessToken, SPOTIFY_PROFILE_FAILED, fetchImpl);
  if (!isRecord(body) || typeof body.id !== 'string') {
    throw new MusicProviderError('upstream', SPOTIFY_PROFILE_FAILED, '/v1/me answer malformed');
  }
  return {
    id: body.id,
    display_name: typeof body.display_name === 'string' ? body.display_name : null,
  };
}

export async function spotifyTopArtists(
  config: SpotifyConfig,
  accessToken: string,
  fetchImpl?: ProviderFetch,
): Promise<MusicArtist[]> {
  const body = await spotifyGet(
    config,
    `/v1/me/top/artists?limit=${TOP_ARTISTS_LIMIT}`,
    accessToken,
    SPOTIFY_TOP_ARTISTS_FAILED,
    fetchImpl,
  );
  if (!isRecord(body) || !Array.isArray(body.items)) {
    throw new MusicProviderError(
      'upstream',
      SPOTIFY_TOP_ARTISTS_FAILED,
      '/v1/me/top/artists answer malformed',
    );
  }
  return body.items.flatMap((item): MusicArtist[] => {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') return [];
    // Spotify has started leaving genres empty for some artists; an artist still counts.
    const genres = Array.isArray(item.genres)
      ? item.genres.filter((genre): genre is string => typeof genre === 'string')
      : [];
    return [{ id: item.id, name: item.name, genres }];
  });
}
