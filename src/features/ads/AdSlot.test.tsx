import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { testClientConfig } from '../../test/fixtures.ts';
import { AdSlot } from './AdSlot.tsx';

const ads = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };
const scriptUrl =
  'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456';

/** Renders the slots and lets the ad loader's chunk (a dynamic import) arrive. */
async function renderSlots(config: ClientConfig, count = 1) {
  const rendered = render(
    <ClientConfigProvider config={config}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical slots
        <AdSlot key={index} slot="home" />
      ))}
    </ClientConfigProvider>,
  );
  await act(async () => {
    await import('./adScript.ts');
  });
  return rendered;
}

function adScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll('script')].filter((script) =>
    script.src.startsWith('https://pagead2.googlesyndication.com/'),
  );
}

/** Idle callbacks wait here, by handle, until the test says the browser is idle. */
let idleQueue: Map<number, () => void>;
let nextIdleHandle: number;
let readyState: DocumentReadyState;

function becomeIdle() {
  const queued = [...idleQueue.values()];
  idleQueue.clear();
  act(() => {
    for (const run of queued) run();
  });
}

function finishLoading() {
  readyState = 'complete';
  act(() => {
    window.dispatchEvent(new Event('load'));
  });
}

beforeEach(() => {
  idleQueue = new Map();
  nextIdleHandle = 1;
  readyState = 'loading';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    const handle = nextIdleHandle++;
    idleQueue.set(handle, run);
    return handle;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idleQueue.delete(handle));
});

afterEach(() => {
  // Unmount while the stubs are still in place (the shared cleanup runs after this hook).
  cleanup();
  for (const script of adScripts()) script.remove();
  delete window.adsbygoogle;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdSlot', () => {
  it('renders nothing, takes no space and loads nothing when ads are not configured', async () => {
    const { container } = await renderSlots({ ...testClientConfig, ads: null });
    expect(container).toBeEmptyDOMElement();
    finishLoading();
    becomeIdle();
    expect(adScripts()).toHaveLength(0);
    expect(window.adsbygoogle).toBeUndefined();
  });

  it('is labelled as advertising and reserves its size before any ad loads', async () => {
    await renderSlots({ ...testClientConfig, ads });
    const slot = screen.getByRole('complementary', { name: 'Advertisement' });
    expect(slot).toHaveTextContent('Advertisement');
    const unit = slot.querySelector('ins.adsbygoogle');
    expect(unit).toHaveAttribute('data-ad-client', 'ca-pub-1234567890123456');
    expect(unit).toHaveAttribute('data-ad-slot', '1234567890');
    // The 320x100 banner's height is held from the first paint, so nothing below moves.
    expect(unit).toHaveStyle({ display: 'block', height: '100px' });
  });

  it('loads the ad script only after the page has loaded and the browser is idle, once for two slots', async () => {
    await renderSlots({ ...testClientConfig, ads }, 2);
    // Idle moments while the page is still loading do not count.
    becomeIdle();
    expect(adScripts()).toHaveLength(0);

    finishLoading();
    expect(adScripts()).toHaveLength(0);
    expect(window.adsbygoogle).toBeUndefined();

    becomeIdle();
    const scripts = adScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(scriptUrl);
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.crossOrigin).toBe('anonymous');
    // One ad request per slot.
    expect(window.adsbygoogle).toEqual([{}, {}]);
  });

  it('waits for idle only, when the page had already loaded (a later visit to the screen)', async () => {
    readyState = 'complete';
    await renderSlots({ ...testClientConfig, ads });
    expect(adScripts()).toHaveLength(0);
    becomeIdle();
    expect(adScripts()).toHaveLength(1);
  });

  it('falls back to a timer where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      await renderSlots({ ...testClientConfig, ads });
      finishLoading();
      expect(adScripts()).toHaveLength(0);
      act(() => {
        vi.runAllTimers();
      });
      expect(adScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('requests nothing for a slot that left before the browser was idle', async () => {
    const { unmount } = await renderSlots({ ...testClientConfig, ads });
    finishLoading();
    unmount();
    becomeIdle();
    expect(adScripts()).toHaveLength(0);
    expect(window.adsbygoogle).toBeUndefined();
  });

  it('collapses, label and all, and nothing throws, when the ad script fails to load', async () => {
    await renderSlots({ ...testClientConfig, ads }, 2);
    finishLoading();
    becomeIdle();
    expect(screen.getAllByRole('complementary', { name: 'Advertisement' })).toHaveLength(2);
    const [script] = adScripts();
    expect(script).toBeDefined();
    expect(() => fireEvent.error(script as HTMLScriptElement)).not.toThrow();
    // No ad can come: no empty box waits for one (hidden removes it from the layout too).
    expect(screen.queryAllByRole('complementary', { name: 'Advertisement' })).toHaveLength(0);
    for (const slot of document.querySelectorAll('aside')) expect(slot).not.toBeVisible();
  });

  it('collapses at once in a slot that asks after the ad script already failed', async () => {
    readyState = 'complete';
    await renderSlots({ ...testClientConfig, ads });
    becomeIdle();
    fireEvent.error(adScripts()[0] as HTMLScriptElement);
    cleanup();
    await renderSlots({ ...testClientConfig, ads });
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
    becomeIdle();
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
  });

  it('collapses when AdSense marks the unit unfilled, and keeps a filled one', async () => {
    await renderSlots({ ...testClientConfig, ads }, 2);
    finishLoading();
    becomeIdle();
    const [first, second] = document.querySelectorAll('ins.adsbygoogle');
    // What AdSense writes on a unit it has no ad for, and on one it filled.
    await act(async () => {
      first?.setAttribute('data-ad-status', 'unfilled');
      second?.setAttribute('data-ad-status', 'filled');
    });
    const shown = screen.getAllByRole('complementary', { name: 'Advertisement' });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.querySelector('ins')).toBe(second);
    expect(first?.closest('aside')).not.toBeVisible();
  });

  it('keeps the screen up when the loaded ad code refuses a request', async () => {
    // What AdSense does when it finds no unit left to fill.
    window.adsbygoogle = {
      push() {
        throw new Error("adsbygoogle.push() error: All 'ins' elements already have ads in them.");
      },
    };
    readyState = 'complete';
    await renderSlots({ ...testClientConfig, ads });
    expect(() => becomeIdle()).not.toThrow();
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
  });
});
