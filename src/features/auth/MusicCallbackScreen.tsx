import { fullPageCentered } from '../../styles/utilities.css.ts';
import { Spinner } from '../../ui/index.ts';
import * as styles from './musicCallback.css.ts';

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

/**
 * SPEC "Music callback page": the popup's return page. The code exchange and the message to the
 * opener belong to the music-connection flow; this is what the user sees meanwhile.
 */
export function MusicCallbackScreen({ service }: { service: string }) {
  return (
    <main className={fullPageCentered}>
      <div role="status" className={styles.card}>
        <Spinner size={44} />
        <h1 className={styles.title}>Connecting to {musicServiceName(service)}...</h1>
        <p className={styles.text}>Please wait while we complete the connection.</p>
      </div>
    </main>
  );
}
