import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import {
  APPLE_MUSIC_FAILURE_MESSAGE,
  SPOTIFY_AUTH_SUCCESS,
  SPOTIFY_FAILURE_MESSAGE,
} from '../contract/music.ts';
import {
  STAND_IN_APPLE_PRIVATE_KEY_BODY,
  STAND_IN_DISPLAY_NAME,
  STAND_IN_MUSICKIT_DENY_FLAG,
  STAND_IN_SPOTIFY_CLIENT_SECRET,
} from '../server/test/musicProviderStandIn.ts';
import { createFirebaseAccount, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, signedInTest, test } from './fixtures.ts';

/*
 * Issue 11, the browser side of the music services, against the stand-in provider the e2e stack
 * starts (server/test/musicProviderStandIn.ts): the real Spotify handshake in a real popup
 * (authorize page, PKCE code exchange through the API, the message to the opener) and MusicKit JS
 * loaded on the tap. Tests that do not finish onboarding use the worker's account (onboarding
 * opens for it, though it has a profile); the one that posts the profile signs in a fresh account.
 */

const secrets = [STAND_IN_SPOTIFY_CLIENT_SECRET, STAND_IN_APPLE_PRIVATE_KEY_BODY];

/** Ticks a choice by its card (react-aria keeps the input visually hidden under it). */
async function tick(page: Page, role: 'radio' | 'checkbox', name: string | RegExp) {
  const input = page.getByRole(role, { name });
  await page.locator('label').filter({ has: input }).click();
  await expect(input).toBeChecked();
}

/** From /onboarding's Welcome to the Music step. */
async function answerUpToMusic(page: Page) {
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await tick(page, 'radio', '36-45');
  await next.click();
  await tick(page, 'checkbox', /Young kids/);
  await next.click();
  await expect(page.getByRole('heading', { name: 'What music do you enjoy?' })).toBeVisible();
}

async function openSpotifyPopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Spotify' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Stand-in Spotify' })).toBeVisible();
  await expect(page.getByText('Finish connecting in the Spotify window.')).toBeVisible();
  return popup;
}

/** Every response body any page of the context receives (the popup's too). */
function recordResponses(context: BrowserContext): string[] {
  const bodies: string[] = [];
  context.on('response', (response) => {
    // Redirects have no body to read.
    if (response.status() >= 300 && response.status() < 400) return;
    void response.text().then(
      (text) => bodies.push(text),
      () => undefined,
    );
  });
  return bodies;
}

function expectNoSecretIn(texts: readonly string[], where: string) {
  for (const secret of secrets) {
    expect(
      texts.filter((text) => text.includes(secret)),
      `${where} holds a secret`,
    ).toEqual([]);
  }
}

test('Spotify: Agree in the popup connects, ticks the genres, and the profile keeps them', async ({
  page,
  context,
  request,
  visit,
}) => {
  const bodies = recordResponses(context);
  const account = await createFirebaseAccount(request, 'music');
  await visit('/auth');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/onboarding$/);
  await answerUpToMusic(page);
  await tick(page, 'checkbox', 'Rock');

  const popup = await openSpotifyPopup(page);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Agree' }).click();
  await closed;

  await expect(page.getByText(`Connected as ${STAND_IN_DISPLAY_NAME}`)).toBeVisible();
  await expect(
    page.getByText('We ticked Pop, Jazz and Family from your top artists.'),
  ).toBeVisible();
  for (const genre of ['Rock', 'Pop', 'Jazz', 'Family']) {
    await expect(page.getByRole('checkbox', { name: genre })).toBeChecked();
  }
  // The services in the middle of the screen, clear of the fixed bottom bar.
  await page
    .getByRole('button', { name: 'Connect Apple Music' })
    .evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await saveViewportScreenshotsInBothThemes(page, 'music-spotify-connected');

  const posted = page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/users',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  // The city picked from its suggestion, as a family would. (Escape right after typing raced the
  // suggestions on a busy machine: they opened after it and hid the rest of the page.)
  await page.getByRole('combobox', { name: 'Your city or ZIP code' }).fill('Oakland');
  await page.getByRole('option', { name: 'Oakland, CA' }).click();
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  expect((await posted).postDataJSON()).toMatchObject({
    musicPreferences: ['Rock', 'Pop', 'Jazz', 'Family'],
    musicArtists: ['The Stand-in Quartet', 'Little Hummers', 'Bright Lights', 'Fog Machine'],
  });
  await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();

  await visit('/profile');
  const music = page.getByRole('list', { name: 'Music' });
  for (const genre of ['Rock', 'Pop', 'Jazz', 'Family']) {
    await expect(music.getByText(genre, { exact: true })).toBeVisible();
  }
  expectNoSecretIn(bodies, 'a response during the Spotify handshake');
});

signedInTest.describe('on the Music step', () => {
  signedInTest.beforeEach(async ({ visit, page }) => {
    await visit('/onboarding');
    await answerUpToMusic(page);
  });

  signedInTest(
    "Cancel in the popup shows docs/product.md#spec-8's Spotify failure",
    async ({ page, allowConsoleError }) => {
      allowConsoleError(/^Spotify connection failed: access_denied$/);
      const popup = await openSpotifyPopup(page);
      await popup.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('alertdialog')).toContainText(SPOTIFY_FAILURE_MESSAGE);
    },
  );

  signedInTest('closing the popup is a calm "cancelled", not an error', async ({ page }) => {
    const popup = await openSpotifyPopup(page);
    await popup.close();
    await expect(page.getByText('Spotify connection cancelled')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  signedInTest(
    'a forged message from the provider origin or with the wrong state is ignored',
    async ({ page }) => {
      const profileCalls: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname.startsWith('/api/spotify/user-profile')) {
          profileCalls.push(sent.url());
        }
      });
      const popup = await openSpotifyPopup(page);
      const state = new URL(popup.url()).searchParams.get('state');
      expect(state).toBeTruthy();
      const forged = {
        type: SPOTIFY_AUTH_SUCCESS,
        state,
        tokens: { access_token: 'forged', token_type: 'Bearer', expires_in: 3600, scope: '' },
      };
      // The right state, but posted by the provider's page (another origin).
      await popup.evaluate((message) => window.opener.postMessage(message, '*'), forged);
      // The app's origin, but another attempt's state.
      await page.evaluate((message) => window.postMessage(message, window.location.origin), {
        ...forged,
        state: 'another-attempt-state-0123',
      });
      // Both have been delivered by now: a message posted after them arrives after them.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            window.addEventListener('message', () => resolve(), { once: true });
            window.postMessage('ping', window.location.origin);
          }),
      );
      await expect(page.getByText('Finish connecting in the Spotify window.')).toBeVisible();
      expect(profileCalls).toEqual([]);

      // Still listening for the real answer.
      await popup.getByRole('button', { name: 'Agree' }).click();
      await expect(page.getByText(`Connected as ${STAND_IN_DISPLAY_NAME}`)).toBeVisible();
    },
  );

  signedInTest(
    'Apple Music loads MusicKit on the tap and shows the library count',
    async ({ page, context }) => {
      const bodies = recordResponses(context);
      const musicKitLoads: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().endsWith('/musickit.js')) musicKitLoads.push(sent.url());
      });
      await expect(page.getByRole('button', { name: 'Connect Apple Music' })).toBeVisible();
      expect(musicKitLoads).toEqual([]);
      await page.getByRole('button', { name: 'Connect Apple Music' }).click();
      await expect(page.getByText('3 artists in your library')).toBeVisible();
      expect(musicKitLoads).toHaveLength(1);
      expectNoSecretIn(bodies, 'a response during the Apple Music connection');
    },
  );

  signedInTest(
    "a refused Apple Music authorization shows docs/product.md#spec-8's text",
    async ({ page, allowConsoleError }) => {
      allowConsoleError(/^Apple Music connection failed: Apple Music authorization failed/);
      await page.evaluate((flag) => {
        (window as unknown as Record<string, string>)[flag] = 'deny';
      }, STAND_IN_MUSICKIT_DENY_FLAG);
      await page.getByRole('button', { name: 'Connect Apple Music' }).click();
      await expect(page.getByRole('alertdialog')).toContainText(APPLE_MUSIC_FAILURE_MESSAGE);
    },
  );
});

test('no secret of the music services is in the built client', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client'));
  expect(files.length).toBeGreaterThan(0);
  expectNoSecretIn(
    files.map((path) => readFileSync(path, 'latin1')),
    'a file of dist/client',
  );
});
