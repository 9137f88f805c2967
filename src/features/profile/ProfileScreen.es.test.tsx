import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../../contract/user.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { ThemeProvider } from '../../app/theme.tsx';
import { changeLocale, currentLocale } from '../../i18n/i18n.ts';
import { LocaleRemount } from '../../i18n/useLocale.tsx';
import { type SentRequest, stubApiWrites } from '../../test/fakeApi.ts';
import { samUserRecord, testClientConfig } from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

/*
 * Profile in Spanish (issue 35), and its language switch: choosing Español speaks Spanish at
 * once and writes the choice to the family's record (PUT /api/users/me).
 */

let store: AppStateStore;
let sent: SentRequest[];
let refuseSave = false;

/** What the server answers: the Settings and Suggested Events reads, and the profile's PUT. */
function stubProfileApi() {
  ({ sent } = stubApiWrites((request) => {
    switch (request.path) {
      case '/api/me/suggestions':
        return Response.json({ suggestions: [] });
      case '/api/me/role':
        return Response.json({ operator: false });
      case '/api/me/watched-searches':
        return Response.json({ searches: [], limit: 10 });
      case '/api/me/outreach':
        return Response.json({ message: 'Not yet' }, { status: 404 });
      case '/api/users/me': {
        if (refuseSave) return Response.json({ message: 'Down.' }, { status: 503 });
        const body = request.body as Partial<UserRecord>;
        return Response.json({ ...samUserRecord, ...body });
      }
      default:
        return Response.json({}, { status: 404 });
    }
  }));
}

async function renderProfile() {
  return renderWithRouter(
    <ClientConfigProvider config={testClientConfig}>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <ToastProvider>
            <AppStateProvider store={store}>
              {/* As the app's providers have it: a new language renders the screen anew. */}
              <LocaleRemount>
                <ProfileScreen />
              </LocaleRemount>
            </AppStateProvider>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ClientConfigProvider>,
    { path: '/profile' },
  );
}

/** No text id shows instead of its text. */
function expectNoIds() {
  expect(document.body.textContent).not.toMatch(/\bprofile\.[a-z]+\.[a-zA-Z]/);
}

beforeEach(() => {
  localStorage.clear();
  stubColorScheme(false);
  store = createAppStateStore(null);
  store.setCurrentUser({
    ...samUserRecord,
    familySituation: 'young_kids,teens',
    musicPreferences: ['Jazz', 'Classical'],
  });
  testAuth.current = signedInAuth();
  refuseSave = false;
  stubProfileApi();
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfileScreen in Spanish', () => {
  it('speaks Spanish: headings, settings, actions and the way out', async () => {
    await act(() => changeLocale('es'));
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    for (const name of [
      'Preferencias de la familia',
      'Ajustes',
      'Búsquedas que sigues',
      'Accesos rápidos',
      'Eventos sugeridos',
      'Cuentas conectadas',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const family = screen.getByRole('list', { name: 'Familia' });
    expect(within(family).getByText('Niños pequeños (0-8 años)')).toBeInTheDocument();
    expect(within(family).getByText('Adolescentes (13-17)')).toBeInTheDocument();
    // The genres are shown in Spanish; the record keeps them as stored.
    const music = screen.getByRole('list', { name: 'Música' });
    expect(
      within(music)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Jazz', 'Clásica']);
    const familyMode = screen.getByRole('switch', { name: 'Modo familiar' });
    expect(familyMode).toHaveAccessibleDescription(
      'Muestra solo eventos aptos para toda la familia',
    );
    expect(screen.getByRole('switch', { name: 'Notificaciones push' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Editar preferencias' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mi calendario' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar Spotify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Todavía no sigues ninguna búsqueda/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expectNoIds();
  });

  it('asks before deleting the account, in Spanish', async () => {
    await act(() => changeLocale('es'));
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    expect(dialog).toHaveTextContent('Esto elimina tu perfil de FamJam');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' })).toBeInTheDocument();
    expectNoIds();
  });
});

describe("ProfileScreen's language switch", () => {
  it('choosing Español switches the screen to Spanish and saves the choice to the record', async () => {
    await renderProfile();
    const settings = screen.getByRole('region', { name: 'Settings' });
    const picker = within(settings).getByRole('radiogroup', { name: 'Language' });
    expect(within(picker).getByRole('radio', { name: 'English' })).toBeChecked();

    await userEvent.click(within(picker).getByRole('radio', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Perfil' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ajustes' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(currentLocale()).toBe('es');
    expectNoIds();

    await waitFor(() => expect(sent.filter((r) => r.path === '/api/users/me')).toHaveLength(1));
    const [save] = sent.filter((r) => r.path === '/api/users/me');
    expect(save?.method).toBe('PUT');
    expect(save?.body).toEqual({
      name: samUserRecord.name,
      familySituation: 'young_kids,teens',
      // Stored in English whatever the language shown.
      musicPreferences: ['Jazz', 'Classical'],
      location: samUserRecord.location,
      language: 'es',
    });
    // The record the server answered is the one the app keeps.
    await waitFor(() =>
      expect((store.getSnapshot().currentUser as UserRecord | null)?.language).toBe('es'),
    );
  });

  it('stays in the chosen language and says so when the record could not be saved', async () => {
    refuseSave = true;
    await renderProfile();
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(
      await screen.findByText('Tu idioma no se guardó en tu cuenta.', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
  });

  it('before onboarding made a record, only this device keeps the choice', async () => {
    store.setCurrentUser(null);
    await renderProfile();
    await userEvent.click(screen.getByRole('radio', { name: 'Español' }));
    await screen.findByRole('heading', { level: 1, name: 'Perfil' }, { timeout: 3000 });
    expect(localStorage.getItem('famjam_locale')).toBe('es');
    expect(sent.filter((r) => r.path === '/api/users/me')).toHaveLength(0);
  });
});
