import type {
  AppleMusicDeveloperToken,
  AppleMusicUserProfile,
  MusicArtist,
  SpotifyAuthUrl,
  SpotifyTokens,
  SpotifyTopArtists,
  SpotifyUserProfile,
} from '../../../contract/music.ts';
import { type ApiClient, api } from '../../api/client.ts';

/*
 * The music-service calls of onboarding's Music step (server/routes/music.ts). Here rather than
 * in src/api/: vite.config.ts puts every src/api module into the `ui` chunk that every route
 * loads first, and these are needed only on the Music step and the Spotify callback page. Tokens travel in request bodies, never in URLs (which end up in logs), and no
 * function here keeps one: the caller holds it for the call and drops it. Failures throw the
 * client's "{status}: {body}" error.
 */

/** GET /api/spotify/auth-url: the authorization URL (state + PKCE challenge) for the popup. */
export function getSpotifyAuthUrl(client: ApiClient = api): Promise<SpotifyAuthUrl> {
  return client.get('spotify/auth-url').json<SpotifyAuthUrl>();
}

/** POST /api/spotify/exchange-code: the callback page's code for an access token. */
export function exchangeSpotifyCode(
  code: string,
  state: string,
  client: ApiClient = api,
): Promise<SpotifyTokens> {
  return client.post('spotify/exchange-code', { json: { code, state } }).json<SpotifyTokens>();
}

/** POST /api/spotify/user-profile. */
export function getSpotifyProfile(
  accessToken: string,
  client: ApiClient = api,
): Promise<SpotifyUserProfile> {
  return client.post('spotify/user-profile', { json: { accessToken } }).json<SpotifyUserProfile>();
}

/** POST /api/spotify/top-artists. */
export function getSpotifyTopArtists(
  accessToken: string,
  client: ApiClient = api,
): Promise<MusicArtist[]> {
  return client.post('spotify/top-artists', { json: { accessToken } }).json<SpotifyTopArtists>();
}

/** GET /api/apple-music/developer-token: what MusicKit JS is configured with. */
export function getAppleMusicDeveloperToken(
  client: ApiClient = api,
): Promise<AppleMusicDeveloperToken> {
  return client.get('apple-music/developer-token').json<AppleMusicDeveloperToken>();
}

/** POST /api/apple-music/user-profile: the library's artists for the music user token. */
export function getAppleMusicLibraryArtists(
  userToken: string,
  client: ApiClient = api,
): Promise<MusicArtist[]> {
  return client
    .post('apple-music/user-profile', { json: { userToken } })
    .json<AppleMusicUserProfile>();
}
