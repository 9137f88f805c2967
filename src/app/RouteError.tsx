import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { PRODUCT_NAME } from '../domain/constants.ts';
import { Button, Icon, LinkButton } from '../ui/index.ts';
import * as page from '../ui/page.css.ts';
import { isChunkLoadFailure } from './chunkLoadFailure.ts';
import { useOnline } from './useOnline.ts';

export const OFFLINE_PAGE_TITLE = "You're offline";
export const PAGE_NOT_LOADED_TITLE = "This page didn't load";

/**
 * Every route's error component (src/router.tsx's defaultErrorComponent): the app's own page,
 * never the router's unstyled "Something went wrong!". A page whose code could not be fetched
 * (src/app/chunkLoadFailure.ts) says whether the device is offline; Try again reloads the page
 * once the network is back (a failed import is not fetched again by the same document). Any
 * other error is tried again in place.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  if (isChunkLoadFailure(error)) return <CodeNotLoaded />;
  return <PageFailed reset={reset} />;
}

function CodeNotLoaded() {
  const online = useOnline();
  const [triedOffline, setTriedOffline] = useState(false);
  return (
    <section className={page.centeredPage} aria-labelledby="route-error-title" role="alert">
      <span className={page.illustration} aria-hidden="true">
        <Icon name="alert" size={52} />
      </span>
      <h1 id="route-error-title" className={page.pageTitle}>
        {online ? PAGE_NOT_LOADED_TITLE : OFFLINE_PAGE_TITLE}
      </h1>
      <p className={page.pageLead}>
        {online
          ? `Part of ${PRODUCT_NAME} could not be downloaded. Check your connection, then try again.`
          : `This part of ${PRODUCT_NAME} is not on this device yet. Connect to the internet, then try again.`}
      </p>
      {triedOffline && !online ? <p>Still offline.</p> : null}
      <Button
        size="lg"
        onPress={() => {
          if (navigator.onLine) window.location.reload();
          else setTriedOffline(true);
        }}
      >
        Try again
      </Button>
    </section>
  );
}

function PageFailed({ reset }: Pick<ErrorComponentProps, 'reset'>) {
  const router = useRouter();
  return (
    <section className={page.centeredPage} aria-labelledby="route-error-title" role="alert">
      <span className={page.illustration} aria-hidden="true">
        <Icon name="alert" size={52} />
      </span>
      <h1 id="route-error-title" className={page.pageTitle}>
        Something went wrong
      </h1>
      <p className={page.pageLead}>This page ran into a problem. Try again, or go back Home.</p>
      <Button
        size="lg"
        onPress={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
      <LinkButton to="/" icon="home" variant="outline" size="lg">
        Go Home
      </LinkButton>
    </section>
  );
}
