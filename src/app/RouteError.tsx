import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { PRODUCT_NAME } from '../domain/constants.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { Button, Icon } from '../ui/index.ts';
import * as page from '../ui/page.css.ts';
import { isChunkLoadFailure } from './chunkLoadFailure.ts';
import { useOnline } from './useOnline.ts';

/**
 * Every route's error component (src/router.tsx's defaultErrorComponent): the app's own page,
 * never the router's unstyled "Something went wrong!". In the first load on purpose: a route's
 * own error component would be a chunk of its own, which cannot be fetched offline either.
 *
 * A page whose code could not be fetched (src/app/chunkLoadFailure.ts) says whether the device
 * is offline; Try again reloads the page once the network is back (the same document does not
 * fetch a failed import again), and offline says it is still offline instead of reloading into
 * the browser's own error page. Any other error is tried again in place.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const [triedOffline, setTriedOffline] = useState(false);
  const notLoaded = isChunkLoadFailure(error);
  const [title, text] = !notLoaded
    ? [i18n.t('app.routeError.title'), i18n.t('app.routeError.text')]
    : online
      ? [
          i18n.t('app.routeError.notLoadedTitle'),
          i18n.t('app.routeError.notLoadedText', { product: PRODUCT_NAME }),
        ]
      : [
          i18n.t('app.routeError.offlineTitle'),
          i18n.t('app.routeError.offlineText', { product: PRODUCT_NAME }),
        ];

  function tryAgain() {
    if (!notLoaded) {
      reset();
      void router.invalidate();
    } else if (navigator.onLine) window.location.reload();
    else setTriedOffline(true);
  }

  return (
    <section className={page.centeredPage} aria-labelledby="route-error-title" role="alert">
      <span className={page.illustration} aria-hidden="true">
        <Icon name="alert" size={52} />
      </span>
      <h1 id="route-error-title" className={page.pageTitle}>
        {title}
      </h1>
      <p className={page.pageLead}>{text}</p>
      {triedOffline && !online ? <p>{i18n.t('app.routeError.stillOffline')}</p> : null}
      <Button size="lg" onPress={tryAgain}>
        {i18n.t('app.routeError.tryAgain')}
      </Button>
    </section>
  );
}
