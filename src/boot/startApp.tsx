import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setIdTokenSource, setSessionProbe } from '../api/client.ts';
import { queryClient } from '../api/queryClient.ts';
import { keepChunkLoadFailuresInTheApp } from '../app/chunkLoadFailure.ts';
import {
  BootErrorScreen,
  ClientConfigProvider,
  embeddedClientConfig,
  fetchClientConfig,
} from '../app/clientConfig.tsx';
import { currentIdToken, currentUid, loadFirebase } from '../app/firebaseLoader.ts';
import { startInspector } from '../app/inspector.ts';
import { mountBesideFrame, revealApp } from '../app/pageFrame.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { changeLocale, firstLocale } from '../i18n/i18n.ts';
import { createAppRouter } from '../router.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { nextTask } from './nextTask.ts';

/**
 * The language the visit starts in (src/i18n/i18n.ts); English, which needs nothing fetched,
 * when its catalogues cannot be had (offline before the service worker kept them).
 */
async function startInFirstLocale(): Promise<void> {
  try {
    await changeLocale(firstLocale(), { remember: false });
  } catch (error) {
    console.warn('Could not load the language; FamJam speaks English for now:', error);
  }
}

/** The boot error page's detail line ('Details: Failed to fetch'), in the language in use. */
export function bootErrorDetail(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return i18n.t('app.bootError.details', { detail });
}

/**
 * Boot order: the configuration first (it says which Firebase project or emulator to use; the
 * Firebase chunk loads meanwhile), then Firebase, then the router. Without the
 * configuration nothing can sign in, so a failure shows a readable page with Retry instead of a
 * half-started app.
 */
async function boot(root: Root): Promise<void> {
  // The gate's own loading page, from the first frame: a slow network shows it, not a blank page
  // (behind the server's page frame, when there is one: that frame shows 'Loading...' itself).
  root.render(<LoadingScreen />);
  let config: Awaited<ReturnType<typeof fetchClientConfig>>;
  try {
    // The Firebase chunk is fetched beside the configuration rather than after it. (Should the
    // chunk fail, the same page says so with its own message, and Retry fetches it again.)
    // The page usually carries the configuration (server/plugins/spa.ts), saving a round trip.
    // The family's language comes with them: a language other than English is one chunk.
    const [served, firebase] = await Promise.all([
      embeddedClientConfig() ?? fetchClientConfig(),
      loadFirebase(),
      startInFirstLocale(),
    ]);
    config = served;
    // Firebase's chunk has just been evaluated in this task; starting Auth (its IndexedDB, the
    // session it restores) and then the router each get a task of their own.
    await nextTask();
    firebase.initFirebase(config);
  } catch (error) {
    console.error('Could not load /api/config:', error);
    root.render(<BootErrorScreen detail={bootErrorDetail(error)} onRetry={() => boot(root)} />);
    revealApp();
    return;
  }

  await startInspector();
  await nextTask();
  const router = createAppRouter({ queryClient });
  // A transition: React renders the app in slices of a few milliseconds between the browser's
  // own work instead of one long task, so the page (its frame) answers taps meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ClientConfigProvider config={config}>
          <RouterProvider router={router} />
        </ClientConfigProvider>
      </StrictMode>,
    ),
  );
}

/** The last startup stage (src/main.tsx): the app itself, into the page's #root. */
export function startApp(root: HTMLElement): void {
  // Every API call carries the signed-in user's token (none before Firebase has loaded).
  setIdTokenSource(currentIdToken);
  setSessionProbe(() => currentUid() !== null);
  // A route's code that cannot be fetched shows the app's offline page, not a reload into the
  // browser's.
  keepChunkLoadFailuresInTheApp();
  void boot(createRoot(mountBesideFrame(root)));
}
