import {
  createAccountThroughUi,
  emulatorHost,
  expect,
  fillCredentials,
  newCredentials,
  signOutThroughUi,
  test,
} from './fixtures.ts';

/* docs/product.md#spec-2-sign-in-screen and section 8 "Authentication", against the Auth emulator. */

test('create an account, land on onboarding, sign out, sign back in', async ({
  page,
  visit,
  checkPage,
  emulator,
}) => {
  const credentials = newCredentials();
  // The browser reaches the Auth emulator only through FamJam's origin, never at its port.
  const signInRequests: string[] = [];
  page.on('request', (request) => {
    if (/googleapis\.com\/|\/emulator\//.test(request.url())) signInRequests.push(request.url());
  });
  await visit('/auth');
  await createAccountThroughUi(page, credentials);

  // A brand-new account has no user record yet.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(
    page.getByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The new address is sent its verification link (a real project needs it proven).
  await expect.poll(() => emulator.verificationLinksSentTo(credentials.email)).toBe(1);
  await checkPage();

  await signOutThroughUi(page);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  // Still no record, so the gate sends the returning user on to onboarding.
  await fillCredentials(page, credentials);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const appOrigin = new URL(page.url()).origin;
  expect(signInRequests.length).toBeGreaterThan(0);
  expect(signInRequests.filter((url) => new URL(url).origin !== appOrigin)).toEqual([]);
  expect(signInRequests.join(' ')).not.toContain(emulatorHost());
});

test('sign in with Google through the emulator popup', async ({ page, visit, checkPage }) => {
  await visit('/auth');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  // Served through FamJam's origin, like every call to the emulator.
  await popup.waitForURL(/\/emulator\/auth\/handler\?/);
  expect(new URL(popup.url()).origin).toBe(new URL(page.url()).origin);

  // The Auth emulator's own sign-in page (firebase-tools' widget), standing in for Google's.
  await popup.getByRole('button', { name: 'Add new account' }).click();
  await popup.getByRole('button', { name: 'Auto-generate user information' }).click();
  await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
  await popup.waitForEvent('close');

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await checkPage();
});

test.describe('on a phone', () => {
  // Firebase's popup resolver sets itself up at start on phones and in Safari (its
  // _shouldInitProactively), which loads Google's iframe helper on every first visit. A phone's
  // user agent makes the desktop Chromium here take that path.
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36',
  });

  test("Google's iframe helper loads only once Google sign-in starts", async ({
    page,
    visit,
    checkPage,
  }) => {
    // Google's script (the stand-in answers it here) and the Auth helper iframe that uses it.
    const helperRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.startsWith('https://apis.google.com/') || /\/(__|emulator)\/auth\/iframe/.test(url)) {
        helperRequests.push(url);
      }
    });
    // Signed out, / sends the visitor on to /auth: both first visits load the app from scratch.
    await visit('/');
    await expect(page).toHaveURL(/\/auth$/);
    await visit('/auth');
    expect(helperRequests, 'requests before Google sign-in started').toEqual([]);

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    expect(helperRequests.some((url) => url.startsWith('https://apis.google.com/js/api.js'))).toBe(
      true,
    );

    await popup.getByRole('button', { name: 'Add new account' }).click();
    await popup.getByRole('button', { name: 'Auto-generate user information' }).click();
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
    await popup.waitForEvent('close');
    await expect(page).toHaveURL(/\/onboarding$/);
    await checkPage();
  });
});

test('the sign-in button stays disabled until both fields are filled', async ({ page, visit }) => {
  await visit('/auth');
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Email').fill('parent@example.com');
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await expect(signIn).toBeEnabled();
  await page.getByLabel('Email').fill('');
  await expect(signIn).toBeDisabled();
});

test('the password can be shown and hidden', async ({ page, visit }) => {
  await visit('/auth');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-pass');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: /show password/i }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: /hide password/i }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

for (const provider of ['Apple', 'Instagram']) {
  test(`${provider} only announces that it is coming soon`, async ({ page, visit }) => {
    await visit('/auth');
    await page.getByRole('button', { name: provider, exact: true }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText(
      `${provider} authentication coming soon! For now, please use Google sign-in.`,
    );
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth$/);
  });
}

test('a wrong password shows a readable alert and leaves the form usable', async ({
  page,
  visit,
  allowConsoleError,
}) => {
  // docs/product.md#spec-8: sign-in failures are logged; the browser also logs the emulator's 400.
  allowConsoleError(/Sign-in failed|status of 400/);
  const credentials = newCredentials();
  await visit('/auth');
  await createAccountThroughUi(page, credentials);
  await expect(page).toHaveURL(/\/onboarding$/);
  await signOutThroughUi(page);
  await expect(page).toHaveURL(/\/auth$/);

  await fillCredentials(page, { ...credentials, password: 'not-the-password' });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText("That email and password don't match an account.");
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/auth$/);
});
