import { useState, useSyncExternalStore } from 'react';
import {
  type MapTheme,
  STATIC_MAP_ASPECT,
  staticMapPath,
  staticMapWidths,
} from '../../../contract/maps.ts';
import * as styles from './eventDetails.css.ts';
import { i18n } from './messages.ts';

/** The venue card's body: the page's column less the card's padding and icon (measured at 390). */
const venueMapSizes = '(min-width: 672px) 540px, calc(100vw - 124px)';

/**
 * A small picture of where the venue is (issue 33), drawn by the server from FamJam's map tiles:
 * a picture, not an interactive map, so it costs the page nothing until it is scrolled near
 * (loading="lazy") and decodes off the main thread. Its box is sized before the picture comes
 * (the width and height attributes, STATIC_MAP_ASPECT), so nothing moves when it arrives. The
 * theme's own look in dark mode. A picture that cannot be had (offline, no tiles) takes its
 * box away rather than showing a broken image: the address above and Directions below say the
 * same in words.
 *
 * Left out of the page's frame (the server's first paint, src/prerender): its theme is not
 * known there, and a light map fetched for a dark page would be thrown away. The frame keeps
 * the box, so the page does not move when the app takes over.
 */
export function VenueMap({
  latitude,
  longitude,
  placeName,
}: {
  latitude: number;
  longitude: number;
  placeName: string;
}) {
  const theme = useDocumentTheme();
  const [failed, setFailed] = useState(false);
  // An event an older build kept offline may have no coordinates: no map rather than a wrong one.
  if (failed || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const [smallest] = staticMapWidths;
  return (
    <div className={styles.venueMap}>
      {import.meta.env.SSR ? null : (
        <img
          // A new place (another event in the same screen) tries again from its own picture.
          key={`${theme} ${latitude} ${longitude}`}
          className={styles.venueMapImage}
          src={staticMapPath(theme, smallest, latitude, longitude)}
          srcSet={staticMapWidths
            .map((width) => `${staticMapPath(theme, width, latitude, longitude)} ${width}w`)
            .join(', ')}
          sizes={venueMapSizes}
          width={smallest}
          height={Math.round(smallest * STATIC_MAP_ASPECT)}
          loading="lazy"
          decoding="async"
          alt={i18n.t('eventDetails.venueMap.alt', { place: placeName })}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}

/**
 * The theme the document shows (its data-theme, set by public/theme-init.js before the first
 * paint and by the ThemeProvider on every change), followed as it changes. Read from the page
 * rather than from useTheme: importing the provider's module here split it out of the startup
 * chunk, and every first load paid 1.2 KB for the extra files.
 */
function useDocumentTheme(): MapTheme {
  return useSyncExternalStore(subscribeToTheme, documentTheme, () => 'light');
}

function documentTheme(): MapTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
