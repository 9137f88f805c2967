import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Event } from '../contract/events.ts';
import { createAccountWithProfile, signInThroughUi, someEventId } from './accounts.ts';
import {
  expect,
  newCredentials,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  test,
} from './fixtures.ts';

/*
 * FamJam in Spanish (issue 35, 'Done when'): a family whose browser prefers Spanish (es-MX, which
 * sets navigator.languages and Accept-Language) signs up and goes through every main screen in
 * Spanish, switches to English in Profile, and finds English on a new browser after signing in
 * (the account's language follows it); a shared link opened by a Spanish-speaking visitor shows
 * the Spanish sign-in and the event as its source wrote it. `<html lang>` follows the language.
 * With FAMJAM_E2E_SCREENSHOTS=1 each Spanish screen is saved in both themes (es-*.png).
 */

test.use({ locale: 'es-MX' });

const spanishHome = { level: 1, name: '¿Qué hacemos hoy?' } as const;
const englishHome = { level: 1, name: 'What should we do today?' } as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

async function expectLang(page: Page, lang: 'en' | 'es'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Ticks a choice on its card, as a person does (react-aria hides the input under its label). */
async function tick(page: Page, role: 'radio' | 'checkbox', name: string | RegExp) {
  const input = page.getByRole(role, { name });
  await page.locator('label').filter({ has: input }).click();
  await expect(input).toBeChecked();
}

async function eventById(page: Page, id: string): Promise<Event> {
  const response = await page.request.get(`/api/events/${encodeURIComponent(id)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Event;
}

/** A context whose browser prefers `locale`, with nobody signed in and nothing stored. */
async function freshBrowser(browser: Browser, locale: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: process.env.BASE_URL,
    storageState: { cookies: [], origins: [] },
    locale,
  });
}

test('a Spanish-speaking family signs up and uses FamJam in Spanish, switches to English, and the account keeps it on a new browser', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const credentials = newCredentials('es');

  // Sign-up, in Spanish because the browser prefers it.
  await page.goto('/auth');
  await expectLang(page, 'es');
  await expect(
    page.getByRole('heading', { name: 'Te damos la bienvenida a FamJam' }),
  ).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Idioma' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
  await saveScreenshotsInBothThemes(page, 'es-sign-in');
  await page.getByRole('radio', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(credentials.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Onboarding.
  const posted: Record<string, unknown>[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/users') {
      posted.push(sent.postDataJSON() as Record<string, unknown>);
    }
  });
  const next = page.getByRole('button', { name: 'Siguiente' });
  await expect(
    page.getByRole('heading', { name: '¡Hola! Vamos a preparar tu FamJam' }),
  ).toBeVisible();
  await expect(page.getByText('Paso 1 de 6', { exact: true })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'es-onboarding-1-welcome');
  await next.click();
  await expect(page.getByRole('heading', { name: '¿Cuál es tu rango de edad?' })).toBeVisible();
  await expect(next).toBeDisabled();
  await tick(page, 'radio', '36-45');
  await saveScreenshotsInBothThemes(page, 'es-onboarding-2-age');
  await next.click();
  await expect(page.getByRole('heading', { name: '¿Con quién sales a explorar?' })).toBeVisible();
  await tick(page, 'checkbox', /Niños pequeños/);
  await saveScreenshotsInBothThemes(page, 'es-onboarding-3-family');
  await next.click();
  await expect(page.getByRole('heading', { name: '¿Qué música te gusta?' })).toBeVisible();
  await tick(page, 'checkbox', 'Jazz');
  await tick(page, 'checkbox', 'Familiar');
  await saveScreenshotsInBothThemes(page, 'es-onboarding-4-music');
  await next.click();
  await expect(page.getByRole('heading', { name: '¿Dónde vives?' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Tu ciudad o código postal' }).fill('Oakland, CA');
  await expect(page.getByRole('option').first()).toBeVisible();
  // react-aria's own words too (src/i18n/ariaStrings.ts): the suggestions' name and the
  // popover's dismiss button, for a screen reader.
  await expect(page.getByRole('listbox', { name: 'Sugerencias' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descartar' }).first()).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await saveScreenshotsInBothThemes(page, 'es-onboarding-5-location');
  await page.getByRole('button', { name: 'Terminar' }).click();
  await expect(page.getByRole('heading', { name: '¡Todo listo!' })).toBeVisible();
  await expect(page.getByText('Paso 6 de 6', { exact: true })).toBeVisible();
  // The family's first choice of language is the one it signed up in.
  expect(posted).toHaveLength(1);
  expect(posted[0]?.language).toBe('es');
  await saveScreenshotsInBothThemes(page, 'es-onboarding-6-complete');
  await page.getByRole('button', { name: '¡A buscar aventuras!' }).click();

  // Home.
  await expect(page.getByRole('heading', spanishHome)).toBeVisible();
  await expectLang(page, 'es');
  for (const item of ['Inicio', 'Buscar', 'Guardados', 'Perfil']) {
    await expect(mainNav(page).getByRole('link', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Toca para agitar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Explora por categoría' })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'es-home');

  // Search, with its filters open.
  await mainNav(page).getByRole('link', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Descubre eventos' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar eventos' })).toHaveAttribute(
    'placeholder',
    'Busca eventos, lugares o actividades...',
  );
  await expect(
    page.getByRole('status').filter({ hasText: /^\d+ eventos? encontrados?\b/ }),
  ).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'es-search');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  const panel = page.getByRole('region', { name: 'Filtros' });
  await expect(panel).toBeVisible();
  for (const heading of ['Cuándo', 'Precio', 'Distancia']) {
    await expect(panel.getByText(heading, { exact: true }).first()).toBeVisible();
  }
  await expect(panel.getByText('Gratis', { exact: true })).toBeVisible();
  await saveViewportScreenshotsInBothThemes(page, 'es-search-filters');

  // Event details: Spanish around the event, the event as its source wrote it.
  const event = await eventById(page, await someEventId(request));
  await page.goto(`/event/${encodeURIComponent(event.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del evento' })).toBeVisible();
  const details = page.getByRole('article', { name: event.title });
  await expect(details.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Compartir este evento' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Cómo llegar' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Invitar a amigos' })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'es-event-details');
  await details.getByRole('button', { name: `Guardar ${event.title}` }).click();
  await expect(
    details.getByRole('button', { name: `Quitar ${event.title} de guardados` }),
  ).toBeVisible();

  // Saved.
  await mainNav(page).getByRole('link', { name: 'Guardados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos guardados' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Eventos guardados' }).getByRole('heading', { level: 2 }),
  ).toHaveText([event.title]);
  for (const action of ['Seleccionar', 'Compartir lista', 'Borrar todo']) {
    await expect(page.getByRole('button', { name: action })).toBeVisible();
  }
  await expect(page.getByText('1 evento guardado', { exact: true })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'es-saved');

  // Profile, then English.
  await mainNav(page).getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preferencias de la familia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ajustes' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Modo familiar/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  const language = page.getByRole('radiogroup', { name: 'Idioma' });
  await expect(language.getByRole('radio', { name: 'Español' })).toBeChecked();
  await saveScreenshotsInBothThemes(page, 'es-profile');

  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname.startsWith('/api/users') &&
      response.request().postDataJSON()?.language === 'en',
  );
  await language.getByRole('radio', { name: 'English' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expectLang(page, 'en');
  await expect(page.getByRole('radiogroup', { name: 'Language' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();

  // A new browser that prefers English: signed in, English.
  const english = await freshBrowser(browser, 'en-US');
  try {
    const laptop = await english.newPage();
    await laptop.goto('/auth');
    await expect(laptop.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
    await signInThroughUi(laptop, credentials);
    await expect(laptop.getByRole('heading', englishHome)).toBeVisible();
    await expectLang(laptop, 'en');
    await expect(
      laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }),
    ).toBeVisible();
  } finally {
    await english.close();
  }

  // A new browser that prefers Spanish: the sign-in screen speaks Spanish (nothing chosen on
  // this device yet), and once signed in the account's English takes over.
  const spanish = await freshBrowser(browser, 'es-MX');
  try {
    const tablet = await spanish.newPage();
    await tablet.goto('/auth');
    await expect(
      tablet.getByRole('heading', { name: 'Te damos la bienvenida a FamJam' }),
    ).toBeVisible();
    await tablet.getByLabel('Correo electrónico').fill(credentials.email);
    await tablet.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
    await tablet.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(tablet.getByRole('heading', englishHome)).toBeVisible();
    await expectLang(tablet, 'en');
  } finally {
    await spanish.close();
  }
});

test("a shared event's link opened by a Spanish-speaking visitor shows the Spanish sign-in, then the event as its source wrote it", async ({
  page,
  request,
}) => {
  const event = await eventById(page, await someEventId(request));
  const account = await createAccountWithProfile(request, 'es-visitor');

  await page.goto(`/event/${encodeURIComponent(event.id)}`);
  await expect(
    page.getByRole('heading', { name: 'Te damos la bienvenida a FamJam' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await expectLang(page, 'es');
  // The link's preview keeps the event's own title.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', event.title);

  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${encodeURIComponent(event.id)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Detalles del evento' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: event.title }).getByRole('heading', {
      level: 2,
      name: event.title,
    }),
  ).toBeVisible();
  await expectLang(page, 'es');
});
