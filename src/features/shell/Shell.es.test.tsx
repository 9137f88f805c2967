import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ThemeProvider } from '../../app/theme.tsx';
import { storageKeys } from '../../domain/constants.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { signedInAuth, signedOutAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import { AppShell } from './AppShell.tsx';
import { LocationDialog } from './LocationDialog.tsx';
import OfflineBanner from './OfflineBanner.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

/** A shell text id that escaped its catalogue ('shell.nav.home'). */
const leakedId = /\b(shell|app)\.[a-z]+\.[a-zA-Z]/;

function renderShell(children: React.ReactNode) {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <AppStateProvider store={createAppStateStore(null)}>
          <AppShell>{children}</AppShell>
        </AppStateProvider>
      </ThemeProvider>
    </QueryClientProvider>,
    { path: '/' },
  );
}

beforeEach(async () => {
  stubColorScheme(false);
  testAuth.current = signedInAuth();
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('the shell in Spanish', () => {
  it('header, bottom navigation and footer speak Spanish', async () => {
    await renderShell(<h1>Inicio</h1>);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'FamJam, inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(header).getByRole('button', { name: 'Cambiar al tema oscuro' })).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Notificaciones' })).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Menú de tu cuenta' })).toBeVisible();
    expect(
      within(header).getByRole('button', {
        name: 'Ubicación: San Francisco, CA. Cambiar ubicación',
      }),
    ).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inicio', 'Buscar', 'Guardados', 'Perfil']);

    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacidad' })).toBeVisible();
    expect(within(legal).getByRole('link', { name: 'Términos' })).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      /© \d{4} FamJam\. Hecho para familias a las que les encanta salir\./,
    );
    expect(document.body.textContent).not.toMatch(leakedId);
  });

  it("flips the switch between 'Apto para familias' + 'Hasta 18 años' and 'Todos los eventos'", async () => {
    await renderShell(<p>contenido</p>);
    const familySwitch = screen.getByRole('switch');
    expect(familySwitch).toBeChecked();
    expect(familySwitch).toHaveAccessibleName('Apto para familias Hasta 18 años');
    await userEvent.click(familySwitch);
    expect(familySwitch).not.toBeChecked();
    expect(familySwitch).toHaveAccessibleName('Todos los eventos');
    expect(screen.queryByText('Hasta 18 años')).not.toBeInTheDocument();
  });

  it('opens the account menu in Spanish', async () => {
    await renderShell(<p>contenido</p>);
    await userEvent.click(screen.getByRole('button', { name: 'Menú de tu cuenta' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Perfil', 'Eventos guardados', 'Cerrar sesión']);
    expect(document.body.textContent).not.toMatch(leakedId);
  });

  it('invites a signed-out visitor to sign in, in Spanish', async () => {
    testAuth.current = signedOutAuth();
    await renderShell(<p>contenido</p>);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/auth');
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(dialog).toHaveTextContent(
      'Inicia sesión para recibir novedades sobre eventos nuevos cerca de San Francisco, CA.',
    );
    expect(within(dialog).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });
});

describe('the location dialog in Spanish', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  });

  it('asks for the location and says, in Spanish, how to allow it when it is blocked', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (
          _success: unknown,
          failure: (error: { code: number; message: string }) => void,
        ) => failure({ code: 1, message: 'denied' }),
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <AppStateProvider store={createAppStateStore(null)}>
            <LocationDialog isOpen onOpenChange={() => undefined} />
          </AppStateProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Elige tu ubicación' });
    expect(dialog).toHaveTextContent('Mostrando eventos cerca de San Francisco, CA');
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeVisible();
    expect(
      within(dialog).getByRole('combobox', { name: 'Ciudad, barrio o código postal' }),
    ).toHaveAttribute('placeholder', 'p. ej., Oakland, CA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar mi ubicación actual' }));
    const alert = within(dialog).getByRole('alert');
    const text = alert.textContent ?? '';
    expect(text.startsWith('No pudimos obtener tu ubicación. ')).toBe(true);
    expect(text.indexOf('Safari')).toBeGreaterThan(text.indexOf('Chrome'));
    expect(text).toContain('escribe tu ubicación abajo');
    expect(document.body.textContent).not.toMatch(leakedId);
  });
});

describe('the offline banner in Spanish (docs/product.md#spec-4-offline)', () => {
  let online = true;
  const setOnline = (value: boolean) => {
    online = value;
    act(() => {
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    });
  };

  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });

  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  function renderBanner() {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OfflineBanner />
      </QueryClientProvider>,
    );
  }

  it('says the loaded content is shown, offline with a cache', () => {
    localStorage.setItem(storageKeys.events, JSON.stringify([eventFixture()]));
    renderBanner();
    const region = screen.getByRole('status', { name: 'Conexión' });
    expect(region).toBeEmptyDOMElement();
    setOnline(false);
    expect(region).toHaveTextContent('Mostrando contenido que ya se había cargado');
    setOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('says content is limited, offline without a cache', () => {
    renderBanner();
    setOnline(false);
    expect(screen.getByRole('status', { name: 'Conexión' })).toHaveTextContent(
      'Sin internet, hay poco contenido disponible',
    );
    expect(document.body.textContent).not.toMatch(leakedId);
  });
});
