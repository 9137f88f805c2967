import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { TextField } from '../ui/TextField.tsx';
import { type ToastMessage, ToastProvider, useToast } from '../ui/Toast.tsx';
import { renderWithRouter } from '../ui/test-utils.tsx';
import { BootErrorScreen } from './clientConfig.tsx';
import { RouteError } from './RouteError.tsx';

/** A frame text id that escaped its catalogue ('app.routeError.title'). */
const leakedId = /\bapp\.[a-z]+\.[a-zA-Z]/;

/** What Vite's preload helper throws when a route's stylesheet cannot be fetched. */
const cssNotLoaded = new Error(
  'Unable to preload CSS for http://famjam.test/assets/_shell-DFc1s2aB.css',
);

let show: (message: ToastMessage) => void = () => undefined;
function Capture() {
  show = useToast();
  return null;
}

beforeAll(async () => {
  // The toast region is a lazy chunk; compiling it the first time can take longer than findBy waits.
  await import('../ui/ToastRegion.tsx');
});

beforeEach(async () => {
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe("the app's frame in Spanish", () => {
  it('says a page ran into a problem, with a way to try again', async () => {
    await renderWithRouter(<RouteError error={new Error('boom')} reset={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible();
    expect(screen.getByText('Esta página tuvo un problema. Vuelve a intentarlo.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(leakedId);
  });

  it('offline, says so, and says it again after Reintentar', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderWithRouter(<RouteError error={cssNotLoaded} reset={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Estás sin conexión' })).toBeVisible();
    expect(
      screen.getByText(
        'Esta parte de FamJam todavía no está en tu dispositivo. Conéctate a internet y vuelve a intentarlo.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('Sigues sin conexión.')).toBeVisible();
  });

  it('says the server cannot be reached at boot', async () => {
    const onRetry = vi.fn(() => Promise.resolve());
    render(<BootErrorScreen detail="Details: Failed to fetch" onRetry={onRetry} />);
    expect(
      screen.getByRole('heading', { name: 'FamJam no logra conectarse con su servidor' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says it is loading', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cargando...' })).toBeVisible();
  });

  it("names the password field's and the search field's own buttons", async () => {
    render(
      <>
        <TextField label="Contraseña" type="password" revealable />
        <TextField label="Buscar" type="search" value="parque" onChange={() => undefined} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Borrar búsqueda' })).toBeVisible();
  });

  it("a toast's region and its dismiss button", async () => {
    render(
      <ToastProvider>
        <Capture />
      </ToastProvider>,
    );
    act(() => show({ title: 'Ubicación: Oakland, CA' }));
    expect(await screen.findByRole('region', { name: 'Notificaciones (F8)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar aviso' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(leakedId);
  });
});
