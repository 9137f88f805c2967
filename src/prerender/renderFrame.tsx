import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { ClientConfig } from '../../contract/config.ts';
import type { Event } from '../../contract/events.ts';
import type { AppLocale } from '../../contract/locales.ts';
import { eventQueryOptions } from '../api/events.ts';
import { FrameUserContext } from '../app/auth.tsx';
import { ClientConfigProvider } from '../app/clientConfig.tsx';
import * as styles from '../app/pageFrame.css.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { changeLocale } from '../i18n/i18n.ts';
import { createAppRouter } from '../router.tsx';
import { Spinner } from '../ui/Spinner.tsx';

/*
 * The server bundle's entry (`vite build --ssr`, npm run build): a page's frame as HTML, for
 * server/plugins/pageFrames.ts. The app's own routes and components render it, as a placeholder
 * account (signed-in pages) or nobody would see it before any data or session is known:
 * src/app/auth.tsx and authGate.tsx supply that fixed state when import.meta.env.SSR.
 */

/**
 * The app's language is one for the whole bundle (src/i18n/i18n.ts), so frames are drawn one at
 * a time, each in its own language: a Spanish frame never gets an English word from a frame
 * drawn beside it. Frames are drawn once per page and language (pageFrames.ts keeps them).
 */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * The frame is a picture of the page, not the page: inert and hidden from assistive technology
 * until the app replaces it. What it says out loud is the routing gate's 'Loading...' (docs/product.md).
 * In `locale`, the language the visitor's browser asks for (Accept-Language).
 */
export function renderFrame(
  path: string,
  config: ClientConfig,
  signedIn: boolean,
  data: { event?: Event } = {},
  locale: AppLocale = 'en',
): Promise<string> {
  const drawn = drawing.then(async () => {
    await changeLocale(locale, { remember: false });
    return drawFrame(path, config, signedIn, data);
  });
  drawing = drawn.catch(() => undefined);
  return drawn;
}

async function drawFrame(
  path: string,
  config: ClientConfig,
  signedIn: boolean,
  data: { event?: Event },
): Promise<string> {
  const queryClient = new QueryClient();
  // A shared event's page drawn with the event (public data, the same for everyone): the answer
  // the details screen's query would get.
  if (data.event) queryClient.setQueryData(eventQueryOptions(data.event.id).queryKey, data.event);
  const router = createAppRouter({ queryClient }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const user = signedIn ? { uid: 'frame', email: null, displayName: null, photoURL: null } : null;
  const frame = (
    <>
      <div aria-hidden="true" inert>
        <FrameUserContext.Provider value={user}>
          <ClientConfigProvider config={config}>
            <RouterProvider router={router} />
          </ClientConfigProvider>
        </FrameUserContext.Provider>
      </div>
      <div role="status" className={styles.loadingPill}>
        <Spinner size={20} />
        <p className={styles.loadingPillText}>{i18n.t('app.loading')}</p>
      </div>
    </>
  );
  // A first pass loads the lazily loaded parts of the page (prerender waits for them); the
  // second then renders them in place of their fallbacks, as plain markup with no script.
  const { prelude } = await prerenderToNodeStream(frame);
  for await (const _chunk of prelude) {
    // Drained only: the markup comes from the second pass.
  }
  return renderToString(frame);
}
