import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_CONFIG_ID } from '../../contract/embeddedConfig.ts';
import { SESSION_HINT_KEY } from '../domain/constants.ts';
import { testClientConfig } from '../test/fixtures.ts';

// The SDK stands in for the Firebase chunk: what matters is whether the check starts, and with
// which configuration.
const initFirebase = vi.fn();
const loadFirebase = vi.fn(async () => ({ initFirebase }));
vi.mock('../app/firebaseLoader.ts', () => ({ loadFirebase: () => loadFirebase() }));

const { startSessionCheckEarly } = await import('./earlySessionCheck.ts');

function pageWith(config: string | null): Document {
  const page = document.implementation.createHTMLDocument('FamJam');
  if (config !== null) {
    const block = page.createElement('script');
    block.type = 'application/json';
    block.id = EMBEDDED_CONFIG_ID;
    block.textContent = config;
    page.head.append(block);
  }
  return page;
}

describe('startSessionCheckEarly', () => {
  beforeEach(() => {
    initFirebase.mockClear();
    loadFirebase.mockClear();
  });
  afterEach(() => localStorage.clear());

  it('starts Firebase with the page’s configuration on a device signed in last time', async () => {
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    await startSessionCheckEarly(pageWith(JSON.stringify(testClientConfig)));
    expect(initFirebase).toHaveBeenCalledExactlyOnceWith(testClientConfig);
  });

  it('leaves Firebase to boot for a visitor, or a page without a usable configuration', async () => {
    await startSessionCheckEarly(pageWith(JSON.stringify(testClientConfig)));
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    await startSessionCheckEarly(pageWith(null));
    await startSessionCheckEarly(pageWith('{"firebase":'));
    expect(loadFirebase).not.toHaveBeenCalled();
    expect(initFirebase).not.toHaveBeenCalled();
  });

  it('stays quiet when the chunk cannot load: boot loads it again and says so', async () => {
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    loadFirebase.mockRejectedValueOnce(
      new TypeError('Failed to fetch dynamically imported module'),
    );
    await expect(
      startSessionCheckEarly(pageWith(JSON.stringify(testClientConfig))),
    ).resolves.toBeUndefined();
    expect(initFirebase).not.toHaveBeenCalled();
  });
});
