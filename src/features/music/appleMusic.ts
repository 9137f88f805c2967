import {
  APPLE_MUSIC_AUTHORIZATION_FAILED,
  APPLE_MUSIC_PROFILE_FAILED,
  MUSICKIT_BUILD,
  type MusicArtist,
} from '../../../contract/music.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { getAppleMusicDeveloperToken, getAppleMusicLibraryArtists } from './musicApi.ts';

/** The part of MusicKit JS v3 FamJam uses. */
interface MusicKitInstance {
  authorize(): Promise<string>;
}
interface MusicKitGlobal {
  configure(options: {
    developerToken: string;
    app: { name: string; build: string };
  }): Promise<MusicKitInstance>;
}

declare global {
  interface Window {
    MusicKit?: MusicKitGlobal;
  }
}

let loading: Promise<MusicKitGlobal> | null = null;

/**
 * Adds MusicKit JS from `scriptUrl` once, on the first tap (DESIGN: music SDKs load only when
 * used), and resolves when it announces itself ('musickitloaded') or is already there. A failed
 * load can be retried on the next tap.
 */
function loadMusicKit(scriptUrl: string, doc: Document = document): Promise<MusicKitGlobal> {
  const view = doc.defaultView;
  if (view?.MusicKit) return Promise.resolve(view.MusicKit);
  loading ??= new Promise<MusicKitGlobal>((resolve, reject) => {
    const loaded = () => {
      if (view?.MusicKit) resolve(view.MusicKit);
      else reject(new Error('MusicKit JS loaded without defining MusicKit'));
    };
    doc.addEventListener('musickitloaded', loaded, { once: true });
    const script = doc.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.addEventListener('load', () => {
      // MusicKit v3 dispatches 'musickitloaded' itself; a build that only sets the global is fine too.
      if (view?.MusicKit) loaded();
    });
    script.addEventListener('error', () => {
      doc.removeEventListener('musickitloaded', loaded);
      script.remove();
      reject(new Error(`MusicKit JS could not be loaded from ${scriptUrl}`));
    });
    doc.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Forgets a loaded MusicKit between tests. */
export function resetMusicKitLoader(): void {
  loading = null;
}

/**
 * docs/product.md#spec-7-music-popups, Apple Music: MusicKit configured with the server's developer token and
 * build '1.0.0', the user's authorization, then the library's artists. Failures carry docs/product.md#spec-8's
 * internal texts; the user token lives only in this function.
 */
export async function connectAppleMusic(
  scriptUrl: string,
  load: (scriptUrl: string) => Promise<MusicKitGlobal> = loadMusicKit,
): Promise<MusicArtist[]> {
  const [{ token }, musicKit] = await Promise.all([getAppleMusicDeveloperToken(), load(scriptUrl)]);
  let userToken: string;
  try {
    const instance = await musicKit.configure({
      developerToken: token,
      app: { name: PRODUCT_NAME, build: MUSICKIT_BUILD },
    });
    userToken = await instance.authorize();
  } catch (error) {
    throw new Error(APPLE_MUSIC_AUTHORIZATION_FAILED, { cause: error });
  }
  try {
    return await getAppleMusicLibraryArtists(userToken);
  } catch (error) {
    throw new Error(APPLE_MUSIC_PROFILE_FAILED, { cause: error });
  }
}
