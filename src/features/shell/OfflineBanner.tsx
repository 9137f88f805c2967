import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type BannerKind, bannerKind, offlineMachine } from '../../../machines/offline.ts';
import {
  hasCachedContent,
  needsRefreshAfterReconnect,
  subscribeToCache,
} from '../../api/offlineCache.ts';
import { inspect } from '../../app/inspector.ts';
import { Icon } from '../../ui/index.ts';
import { i18n } from './laterMessages.ts';
import * as styles from './offlineBanner.css.ts';

/** The lists that fall back to the local cache offline (src/api/offlineList.ts). */
const cachedListPaths: readonly unknown[] = [
  '/api/events',
  '/api/events/search',
  '/api/restaurants',
];

const cloudOff = (
  <path d="M4 4l16 16M9.5 6.2A6 6 0 0 1 17.7 10H18a4 4 0 0 1 2.4 7.2M16 18H7a5 5 0 0 1-1.7-9.7" />
);

/** The banner's words for what the chart says (docs/product.md#spec-4-offline), in the family's language. */
function bannerText(kind: BannerKind): string {
  return kind === 'withCache'
    ? i18n.t('shell.offline.withCache')
    : i18n.t('shell.offline.withoutCache');
}

/** The running offline chart: started by OfflineBanner below, read by its banner. */
const OfflineActor = createActorContext(offlineMachine);

/**
 * The offline banner (docs/product.md#spec-4-offline): machines/offline at the React edge. The browser's
 * online/offline events and the cache's writes drive the chart; its state says what shows.
 * Started here, in the shell route's component (src/routes/_shell.tsx renders AppShell, which
 * loads this lazily just after the first paint, so that it is in memory by the time the network
 * drops: a chunk cannot be fetched offline without the service worker).
 */
export default function OfflineBanner() {
  const queryClient = useQueryClient();
  // Provided once: the provider starts its actor from the first logic it is given.
  const [logic] = useState(() =>
    offlineMachine.provide({
      actions: {
        // Back online: lists answered from the cache (or synced over 60 minutes ago) are fetched
        // again. Lists that failed offline are refetched by React Query's own reconnect.
        reconnected: () => {
          if (!needsRefreshAfterReconnect()) return;
          void queryClient.invalidateQueries({
            predicate: (query) => cachedListPaths.includes(query.queryKey[0]),
          });
        },
      },
    }),
  );
  const [input] = useState(() => ({ hasCache: hasCachedContent() }));
  return (
    <OfflineActor.Provider logic={logic} options={{ input, inspect }}>
      <ConnectionBanner />
    </OfflineActor.Provider>
  );
}

/** Sends the browser's and the cache's news to the chart and shows the text its state gives. */
function ConnectionBanner() {
  const actor = OfflineActor.useActorRef();
  const kind = OfflineActor.useSelector(bannerKind);

  useEffect(() => {
    // The app's own cache writes report themselves (subscribeToCache below); storage can also
    // be emptied behind its back (another tab, the browser's site-data settings, eviction). So
    // the cache is read again at the moment the network drops and whenever storage changes
    // elsewhere: the text says what is on the device now, not when the banner mounted.
    const recheckCache = () => actor.send({ type: 'cache.changed', hasCache: hasCachedContent() });
    const offline = () => {
      recheckCache();
      actor.send({ type: 'browser.offline' });
    };
    const online = () => actor.send({ type: 'browser.online' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    window.addEventListener('storage', recheckCache);
    // The flag at start (docs/product.md#spec-4): a page opened offline shows the banner at once.
    if (!navigator.onLine) offline();
    const unsubscribe = subscribeToCache((hasCache) =>
      actor.send({ type: 'cache.changed', hasCache }),
    );
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      window.removeEventListener('storage', recheckCache);
      unsubscribe();
    };
  }, [actor]);

  return (
    <div role="status" aria-label={i18n.t('shell.offline.region')} className={styles.region}>
      {kind === null ? null : (
        <p className={styles.banner}>
          <Icon name={{ shape: cloudOff }} size={20} className={styles.icon} />
          {bannerText(kind)}
        </p>
      )}
    </div>
  );
}
