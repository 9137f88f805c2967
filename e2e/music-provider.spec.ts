import type { APIRequestContext } from '@playwright/test';
import type { ClientConfig } from '../contract/config.ts';
import { MUSICKIT_BUILD, SPOTIFY_CALLBACK_PATH } from '../contract/music.ts';
import {
  STAND_IN_MUSIC_USER_TOKEN,
  STAND_IN_SPOTIFY_CLIENT_ID,
} from '../server/test/musicProviderStandIn.ts';
import { expect, test } from './fixtures.ts';

/*
 * The server's headers as a real Chromium applies them, against the stand-in provider the e2e
 * stack is configured with: the callback page keeps its opener after the provider's origin
 * (COOP), and MusicKit JS from the configured URL runs under the app's CSP. The connect flows
 * themselves are e2e/music.spec.ts's.
 */

/** The stack's music configuration: Apple Music's script URL names the stand-in's origin. */
async function musicKitScriptUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as ClientConfig;
  expect(config.music.spotify).toBe(true);
  const scriptUrl = config.music.appleMusic?.scriptUrl;
  if (scriptUrl === undefined) throw new Error('the e2e stack has no Apple Music configured');
  return scriptUrl;
}

const openerKey = 'famjam-e2e-callback-had-opener';

test('the Spotify popup still has its opener when it comes back from the provider', async ({
  page,
  context,
  request,
}) => {
  const provider = new URL(await musicKitScriptUrl(request)).origin;
  // Recorded before any page script runs (the callback page may close the popup at once), in
  // storage the opener's origin shares.
  await context.addInitScript(
    ({ key, path }) => {
      if (window.location.pathname === path) {
        window.localStorage.setItem(key, String(window.opener !== null));
      }
    },
    { key: openerKey, path: SPOTIFY_CALLBACK_PATH },
  );
  await page.goto('/privacy-policy');
  const authorize = new URL(`${provider}/authorize`);
  authorize.search = new URLSearchParams({
    client_id: STAND_IN_SPOTIFY_CLIENT_ID,
    response_type: 'code',
    redirect_uri: new URL(SPOTIFY_CALLBACK_PATH, page.url()).href,
    state: 'e2e-opener-check-state',
    code_challenge_method: 'S256',
    code_challenge: 'A'.repeat(43),
  }).toString();

  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((url) => {
    window.open(url, 'famjam-music', 'popup,width=500,height=600');
  }, authorize.href);
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Stand-in Spotify' })).toBeVisible();
  await popup.getByRole('button', { name: 'Agree' }).click();

  await expect
    .poll(() => page.evaluate((key) => window.localStorage.getItem(key), openerKey))
    .toBe('true');
});

test('MusicKit JS from the configured URL runs under the app CSP', async ({ page, request }) => {
  const scriptUrl = await musicKitScriptUrl(request);
  await page.goto('/privacy-policy');
  const loaded = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        document.addEventListener('musickitloaded', () => resolve(true), { once: true });
      }),
  );
  // A <script src> element, as the app adds it: the CSP decides whether it runs.
  await page.addScriptTag({ url: scriptUrl });
  expect(await loaded).toBe(true);

  const userToken = await page.evaluate(async (build) => {
    interface MusicKitInstance {
      authorize(): Promise<string>;
    }
    const { MusicKit } = window as unknown as {
      MusicKit: { configure(options: object): Promise<MusicKitInstance> };
    };
    const music = await MusicKit.configure({
      developerToken: 'any-token',
      app: { name: 'FamJam', build },
    });
    return music.authorize();
  }, MUSICKIT_BUILD);
  expect(userToken).toBe(STAND_IN_MUSIC_USER_TOKEN);
});
