import { importPKCS8, SignJWT } from 'jose';
import {
  APPLE_MUSIC_PROFILE_FAILED,
  type AppleMusicDeveloperToken,
  type MusicArtist,
} from '../../../contract/music.ts';
import type { AppleMusicConfig } from '../../config.ts';
import { callProvider, isRecord, MusicProviderError, type ProviderFetch } from './provider.ts';

/** Apple allows up to 180 days; 12 hours limits what a copied token is good for. */
export const DEVELOPER_TOKEN_LIFETIME_S = 12 * 60 * 60;
/** A token this close to expiry is replaced, so a page never starts MusicKit with a dying one. */
export const DEVELOPER_TOKEN_RENEW_BEFORE_S = 5 * 60;
/** Library pages read at most (100 artists each): enough taste, bounded time. */
const LIBRARY_MAX_PAGES = 10;
const libraryPageSize = 100;

/**
 * Signs MusicKit developer tokens (ES256, kid = key id, iss = team id) and hands out the same
 * one until it is within DEVELOPER_TOKEN_RENEW_BEFORE_S of expiry. `now` is injectable (ms).
 */
export class AppleDeveloperTokens {
  readonly #config: AppleMusicConfig;
  readonly #now: () => number;
  #key: ReturnType<typeof importPKCS8> | null = null;
  #current: Promise<AppleMusicDeveloperToken & { exp: number }> | null = null;

  constructor(config: AppleMusicConfig, now: () => number = Date.now) {
    this.#config = config;
    this.#now = now;
  }

  async token(): Promise<AppleMusicDeveloperToken> {
    const nowS = Math.floor(this.#now() / 1000);
    const current = this.#current === null ? null : await this.#current.catch(() => null);
    if (current === null || current.exp - nowS <= DEVELOPER_TOKEN_RENEW_BEFORE_S) {
      // One promise shared by concurrent callers: one signature per renewal.
      this.#current = this.#mint(nowS);
    }
    const { token, expiresAt } = await (this.#current as Promise<AppleMusicDeveloperToken>);
    return { token, expiresAt };
  }

  async #mint(iat: number): Promise<AppleMusicDeveloperToken & { exp: number }> {
    this.#key ??= importPKCS8(this.#config.privateKeyPem, 'ES256');
    const exp = iat + DEVELOPER_TOKEN_LIFETIME_S;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.#config.keyId })
      .setIssuer(this.#config.teamId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.#key);
    return { token, expiresAt: new Date(exp * 1000).toISOString(), exp };
  }
}

/**
 * The user's library artists, following `next` up to LIBRARY_MAX_PAGES. Library artists carry
 * no genres, so `genres` is [] unless Apple adds attributes.genreNames.
 */
export async function appleMusicLibraryArtists(
  config: AppleMusicConfig,
  developerToken: string,
  userToken: string,
  fetchImpl?: ProviderFetch,
): Promise<MusicArtist[]> {
  const artists: MusicArtist[] = [];
  let path: string | null = `/v1/me/library/artists?limit=${libraryPageSize}`;
  for (let page = 0; path !== null && page < LIBRARY_MAX_PAGES; page++) {
    const url = new URL(path, `${config.apiUrl}/`);
    // `next` is relative; an absolute one elsewhere would send the tokens to another host.
    if (url.origin !== new URL(config.apiUrl).origin) {
      throw new MusicProviderError(
        'upstream',
        APPLE_MUSIC_PROFILE_FAILED,
        'next points off the API',
      );
    }
    if (!url.searchParams.has('limit')) url.searchParams.set('limit', String(libraryPageSize));
    const { status, body } = await callProvider(
      url.href,
      { headers: { authorization: `Bearer ${developerToken}`, 'music-user-token': userToken } },
      APPLE_MUSIC_PROFILE_FAILED,
      fetchImpl,
    );
    if (status !== 200) {
      throw new MusicProviderError(
        'upstream',
        APPLE_MUSIC_PROFILE_FAILED,
        `/v1/me/library/artists answered ${status}`,
      );
    }
    if (!isRecord(body) || !Array.isArray(body.data)) {
      throw new MusicProviderError(
        'upstream',
        APPLE_MUSIC_PROFILE_FAILED,
        '/v1/me/library/artists answer malformed',
      );
    }
    for (const item of body.data) {
      if (!isRecord(item) || typeof item.id !== 'string' || !isRecord(item.attributes)) continue;
      const { name, genreNames } = item.attributes;
      if (typeof name !== 'string') continue;
      const genres = Array.isArray(genreNames)
        ? genreNames.filter((genre): genre is string => typeof genre === 'string')
        : [];
      artists.push({ id: item.id, name, genres });
    }
    path = typeof body.next === 'string' ? body.next : null;
  }
  return artists;
}
