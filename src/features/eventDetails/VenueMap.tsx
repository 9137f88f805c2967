import { useState } from 'react';
import { STATIC_MAP_ASPECT, staticMapPath, staticMapWidths } from '../../../contract/maps.ts';
import { useTheme } from '../../app/theme.tsx';
import * as styles from './eventDetails.css.ts';

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
  const { theme } = useTheme();
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
          alt={`Map of ${placeName}`}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
