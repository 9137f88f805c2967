import { adScriptUrl } from '../../../contract/ads.ts';

declare global {
  interface Window {
    /** AdSense's command queue: an array until its script loads, then its own object. */
    adsbygoogle?: { push(request: Record<string, never>): unknown };
  }
}

/**
 * How long to wait where the browser has no idle callback (Safari): long enough for the route's
 * own chunks and API calls that start at load to go first.
 */
const fallbackDelayMs = 300;
/** An idle callback still runs by then on a page that is never idle. */
const idleTimeoutMs = 3000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: idleTimeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, fallbackDelayMs);
  return () => window.clearTimeout(timer);
}

/**
 * Runs `run` once the page is interactive: after the load event and then an idle moment, so ad
 * code never competes with the app's own start. Returns a cancel function (a slot that unmounts
 * first, or React's StrictMode re-run, requests nothing).
 */
export function afterPageInteractive(run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  if (document.readyState === 'complete') {
    cancelIdle = whenIdle(run);
    return () => cancelIdle?.();
  }
  const onLoad = () => {
    cancelIdle = whenIdle(run);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}

const scriptMarker = 'data-famjam-ads';
/** Set on the script once it failed to load, for slots that ask after that. */
const failedMarker = 'data-famjam-ads-failed';

/**
 * Adds AdSense's script to the page once, however many slots ask, and tells `onFailed` if it
 * cannot load (an ad blocker, offline, the CSP): then no ad will ever fill a slot.
 */
function addAdScriptOnce(client: string, onFailed: () => void): void {
  const existing = document.querySelector<HTMLScriptElement>(`script[${scriptMarker}]`);
  if (existing?.hasAttribute(failedMarker)) {
    onFailed();
    return;
  }
  const script = existing ?? document.createElement('script');
  script.addEventListener('error', onFailed, { once: true });
  if (existing) return;
  script.async = true;
  script.src = adScriptUrl(client);
  // As in AdSense's own snippet: the script is fetched without cookies or credentials.
  script.crossOrigin = 'anonymous';
  script.setAttribute(scriptMarker, '');
  script.addEventListener('error', () => script.setAttribute(failedMarker, ''), { once: true });
  document.head.append(script);
}

/**
 * Loads the ad code if needed and asks it to fill one more `<ins class="adsbygoogle">`, `unit`.
 * `onNoAd` runs when no ad will come: AdSense marks the unit data-ad-status="unfilled" (it
 * writes "filled" on one it filled), or the ad code cannot load.
 */
export function requestAd(client: string, unit: HTMLElement, onNoAd: () => void): void {
  const observer = new MutationObserver(() => {
    observer.disconnect();
    if (unit.dataset.adStatus === 'unfilled') onNoAd();
  });
  observer.observe(unit, { attributes: true, attributeFilter: ['data-ad-status'] });
  addAdScriptOnce(client, onNoAd);
  try {
    // Queued until the script runs; then AdSense fills the next empty unit on the page.
    window.adsbygoogle ??= [];
    window.adsbygoogle.push({});
  } catch {
    // AdSense throws when it finds no unit left to fill (or one without a width). An empty
    // slot is its problem, not a reason to break the screen around it.
  }
}
