import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../app/auth.tsx';
import { fullPageCentered } from '../../styles/utilities.css.ts';
import { Spinner } from '../../ui/index.ts';
import { exchangeSpotifyCode } from '../music/musicApi.ts';
import { i18n } from './messages.ts';
import * as styles from './musicCallback.css.ts';
import { completeSpotifyCallback, type SpotifyCallbackEffects } from './spotifyCallback.ts';

/** Display names for the path's `{music_service}`; an unknown one is shown title-cased. */
const serviceNames: Record<string, string> = {
  spotify: 'Spotify',
  'apple-music': 'Apple Music',
  applemusic: 'Apple Music',
};

export function musicServiceName(service: string): string {
  const known = serviceNames[service.toLowerCase()];
  if (known) return known;
  return service
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** The browser's own effects; tests pass fakes. */
function browserEffects(): SpotifyCallbackEffects {
  return {
    // null in a browser without an opener; undefined where there is no such property (jsdom).
    opener: (window.opener as Window | null | undefined) ?? null,
    origin: window.location.origin,
    exchange: (code, state) => exchangeSpotifyCode(code, state),
    close: () => window.close(),
  };
}

/**
 * docs/product.md#spec-2-music-callback-page: the popup's return page. For Spotify it finishes the handshake
 * (spotifyCallback.ts) once Firebase has restored the session (the exchange is a signed-in
 * call); opened directly, with no app window to report to, it says so instead of spinning.
 */
export function MusicCallbackScreen({
  service,
  effects = browserEffects,
}: {
  service: string;
  effects?: () => SpotifyCallbackEffects;
}) {
  const { loading } = useAuth();
  const [noOpener, setNoOpener] = useState(false);
  const started = useRef(false);
  const isSpotify = service.toLowerCase() === 'spotify';

  useEffect(() => {
    // Once per page: the code is single-use (StrictMode runs effects twice in development).
    if (!isSpotify || loading || started.current) return;
    started.current = true;
    void completeSpotifyCallback(window.location.search, effects()).then((reported) => {
      if (!reported) setNoOpener(true);
    });
  }, [isSpotify, loading, effects]);

  const name = musicServiceName(service);
  if (noOpener) {
    return (
      <main className={fullPageCentered}>
        <div className={styles.card}>
          <h1 className={styles.title}>{i18n.t('auth.musicCallback.noOpenerTitle')}</h1>
          <p className={styles.text}>{i18n.t('auth.musicCallback.noOpenerText', { name })}</p>
        </div>
      </main>
    );
  }
  return (
    <main className={fullPageCentered}>
      <div role="status" className={styles.card}>
        <Spinner size={44} />
        <h1 className={styles.title}>{i18n.t('auth.musicCallback.connecting', { name })}</h1>
        <p className={styles.text}>{i18n.t('auth.musicCallback.wait')}</p>
      </div>
    </main>
  );
}
