import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { changeLocale } from '../../i18n/i18n.ts';
import { testClientConfig } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { resetMusicKitLoader } from './appleMusic.ts';
import { type MusicConnection, MusicServices } from './MusicServices.tsx';

/* The music services in Spanish (issue 35), as onboarding's Music step shows them. */

const configured: ClientConfig = {
  ...testClientConfig,
  music: { spotify: true, appleMusic: { scriptUrl: 'https://music.test/musickit.js' } },
};

beforeEach(async () => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/spotify/auth-url') {
      return Response.json({ authUrl: 'https://accounts.spotify.test/authorize', state: 's' });
    }
    if (pathname === '/api/apple-music/developer-token') {
      return Response.json({ token: 'dev-token', expiresAt: '2026-12-01T00:00:00.000Z' });
    }
    if (pathname === '/api/apple-music/user-profile') {
      return Response.json([
        { id: 'r1', name: 'Quiet Harbour', genres: [] },
        { id: 'r2', name: 'Little Hummers', genres: [] },
      ]);
    }
    return Response.json({ error: 'nf', message: 'Not found' }, { status: 404 });
  });
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.MusicKit;
  resetMusicKitLoader();
});

async function renderServices(config: ClientConfig = configured) {
  const onConnected = vi.fn<(connection: MusicConnection) => void>();
  await renderWithRouter(
    <ClientConfigProvider config={config}>
      <MusicServices connections={{}} onConnected={onConnected} />
    </ClientConfigProvider>,
  );
  return { onConnected };
}

function expectNoIds() {
  expect(document.body.textContent).not.toMatch(/\bmusic\.[a-z]+\.?[a-zA-Z]/);
}

describe('MusicServices in Spanish', () => {
  it('offers both services in Spanish, and says how to allow a blocked window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    await renderServices();
    expect(
      screen.getByRole('heading', { name: 'Conecta un servicio de música (opcional)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar Apple Music' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conectar Spotify' }));
    expect(
      await screen.findByText(
        'Tu navegador bloqueó la ventana de Spotify. Permite las ventanas emergentes para este sitio y vuelve a intentarlo.',
      ),
    ).toBeVisible();
    expectNoIds();
  });

  it('counts the library in Spanish, with its plural', async () => {
    window.MusicKit = { configure: vi.fn(async () => ({ authorize: async () => 'token' })) };
    const user = userEvent.setup();
    const { onConnected } = await renderServices();
    await user.click(screen.getByRole('button', { name: 'Conectar Apple Music' }));
    await waitFor(() =>
      expect(onConnected.mock.calls[0]?.[0].summary).toBe('2 artistas en tu biblioteca'),
    );
  });

  it('says what to do when neither service can be connected', async () => {
    await renderServices({ ...testClientConfig, music: { spotify: false, appleMusic: null } });
    expect(
      screen.getByText(
        'Todavía no se pueden conectar Spotify ni Apple Music aquí, así que elige lo que le gusta a tu familia.',
      ),
    ).toBeInTheDocument();
    expectNoIds();
  });
});
