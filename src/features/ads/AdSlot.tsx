import { useEffect, useId, useRef, useState } from 'react';
import type { ClientConfig } from '../../../contract/config.ts';
import { useClientConfig } from '../../app/clientConfig.tsx';
import * as styles from './adSlot.css.ts';
import { i18n } from './messages.ts';

/** The placements an ad unit is configured for (FAMJAM_ADS_HOME_SLOT). */
type AdPlacement = 'home';

interface Placement {
  unitId: (ads: NonNullable<ClientConfig['ads']>) => string;
  /** The unit's height; the width follows the column. */
  heightPx: number;
}

const placements: Record<AdPlacement, Placement> = {
  // A 320x100 large mobile banner: the home column is at least 320 px wide on a phone.
  home: { unitId: (ads) => ads.homeSlot, heightPx: 100 },
};

/**
 * An AdSense unit, labelled as advertising, in a box whose size is fixed before the ad code
 * loads, so an ad that arrives moves nothing. When no ad will come (AdSense marks the unit
 * data-ad-status="unfilled", or its script cannot load) the slot collapses, label and all,
 * rather than leave an empty box. Without an ads configuration it renders nothing at all.
 */
export function AdSlot({ slot }: { slot: AdPlacement }) {
  const { ads } = useClientConfig();
  const labelId = useId();
  const client = ads?.client;
  const requested = useRef(false);
  const unit = useRef<HTMLModElement>(null);
  const [noAd, setNoAd] = useState(false);

  useEffect(() => {
    // One request per mounted unit: AdSense refuses a second one for the same element.
    if (client === undefined || requested.current) return;
    // The loader is its own chunk, fetched only where ads are configured: most installs have
    // none, and home's first load stays smaller without it.
    let cancel: (() => void) | null = null;
    let unmounted = false;
    void import('./adScript.ts').then(({ afterPageInteractive, requestAd }) => {
      if (unmounted) return;
      cancel = afterPageInteractive(() => {
        requested.current = true;
        const element = unit.current;
        if (element === null) return;
        requestAd(client, element, () => {
          if (!unmounted) setNoAd(true);
        });
      });
    });
    return () => {
      unmounted = true;
      cancel?.();
    };
  }, [client]);

  if (ads === null) return null;
  const placement = placements[slot];
  return (
    <aside className={styles.slot} aria-labelledby={labelId} hidden={noAd}>
      <span id={labelId} className={styles.label}>
        {i18n.t('ads.slot.label')}
      </span>
      <ins
        ref={unit}
        className={`adsbygoogle ${styles.unit}`}
        // Inline, as in AdSense's own snippet: the ad code reads the unit's size from it, and
        // the box holds that size from the first paint, before any ad (or none) arrives.
        style={{ display: 'block', height: `${placement.heightPx}px` }}
        data-ad-client={ads.client}
        data-ad-slot={placement.unitId(ads)}
      />
    </aside>
  );
}
