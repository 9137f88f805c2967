import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import type { OutreachSettings } from '../../../contract/outreach.ts';
import type { UserRecord } from '../../../contract/user.ts';
import type { OnboardingMode } from '../../../machines/onboarding.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { changeLocale } from '../../i18n/i18n.ts';
import { samUserRecord, testClientConfig } from '../../test/fixtures.ts';
import { signedInAuth, signedOutAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { OnboardingScreen } from './OnboardingScreen.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

const gate = vi.hoisted(() => ({ send: vi.fn() }));
vi.mock('../../app/authGate.tsx', () => ({ useAuthGate: () => gate }));

/** What the fake API was sent, as "METHOD /path" with the JSON body. */
let sent: { call: string; body: unknown }[];
/** How the fake API answers a profile save. */
let saveAnswer: (body: Record<string, unknown>) => Response;
let store: AppStateStore;
/** What GET /api/config said (no music service unless a test configures one). */
let config: ClientConfig;
/** The family's outreach settings (issue 34), as GET/PUT /api/me/outreach keep them. */
let outreach: OutreachSettings;

const spotifyState = 'state-0123456789abcdef';

function savedRecord(body: Record<string, unknown>): UserRecord {
  return { ...samUserRecord, ...body, email: samUserRecord.email };
}

beforeEach(() => {
  sent = [];
  saveAnswer = (body) => Response.json(savedRecord(body), { status: 201 });
  store = createAppStateStore(null);
  config = testClientConfig;
  outreach = {
    push: { changes: true, reminders: true, concerts: true, watched: true },
    weeklyEmail: false,
    weeklyEmailOffered: false,
    familySafe: true,
    radius: null,
    timeZone: 'America/Chicago',
    pushDevices: 0,
  };
  gate.send.mockClear();
  testAuth.current = signedInAuth({
    user: { uid: 'uid-sam', email: 'sam@example.com', displayName: null, photoURL: null },
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    const body: unknown = request.method === 'GET' ? null : await request.json();
    sent.push({ call: `${request.method} ${pathname}`, body });
    if (pathname === '/api/users' || pathname === '/api/users/me') {
      return saveAnswer(body as Record<string, unknown>);
    }
    if (pathname === '/api/geo/suggest') return Response.json({ suggestions: [] });
    if (pathname === '/api/me/outreach') {
      if (request.method === 'PUT')
        outreach = { ...outreach, ...(body as Partial<OutreachSettings>) };
      return Response.json(outreach);
    }
    if (pathname === '/api/spotify/auth-url') {
      return Response.json({
        authUrl: 'https://accounts.spotify.test/authorize',
        state: spotifyState,
      });
    }
    if (pathname === '/api/spotify/user-profile') {
      return Response.json({ id: 'sam', display_name: 'Sam Listener' });
    }
    if (pathname === '/api/spotify/top-artists') {
      return Response.json([
        { id: 'a1', name: 'The Quartet', genres: ['vocal jazz'] },
        { id: 'a2', name: 'Little Hummers', genres: ["children's music"] },
        { id: 'a3', name: 'The Quartet', genres: ['jazz'] },
      ]);
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderOnboarding(mode: OnboardingMode = 'create') {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AppStateProvider store={store}>
          <ClientConfigProvider config={config}>
            <OnboardingScreen mode={mode} />
          </ClientConfigProvider>
        </AppStateProvider>
      </ToastProvider>
    </QueryClientProvider>,
    { path: mode === 'edit' ? '/profile' : '/onboarding' },
  );
}

const next = () => screen.getByRole('button', { name: 'Next' });

/** Ticks a choice by its card, as a person would. */
async function pick(user: ReturnType<typeof userEvent.setup>, role: string, name: string | RegExp) {
  await user.click(screen.getByRole(role, { name }));
}

async function walkToMusic(user: ReturnType<typeof userEvent.setup>) {
  await user.click(next());
  await pick(user, 'radio', '26-35');
  await user.click(next());
  await pick(user, 'checkbox', /Tweens/);
  await user.click(next());
}

async function walkToLocation(user: ReturnType<typeof userEvent.setup>) {
  await walkToMusic(user);
  await pick(user, 'checkbox', 'Rock');
  await user.click(next());
  // The suggestions' popover hides the rest of the page from assistive tech while it is open.
  await user.type(screen.getByRole('combobox', { name: 'Your city or ZIP code' }), 'Austin, TX');
  await user.keyboard('{Escape}');
}

describe('OnboardingScreen', () => {
  it("gates each answer step and says 'Step n of 6' with its percentage", async () => {
    const user = userEvent.setup();
    await renderOnboarding();
    expect(screen.getByText('Step 1 of 6')).toBeVisible();
    expect(screen.getByText('17%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 6' })).toHaveAttribute(
      'aria-valuenow',
      '17',
    );
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(next());

    expect(screen.getByText('Step 2 of 6')).toBeVisible();
    expect(screen.getByText('33%')).toBeVisible();
    const ages = screen.getByRole('radiogroup', { name: "What's your age range?" });
    expect(
      within(ages)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['18-25', '26-35', '36-45', '46-55', '56+']);
    expect(next()).toBeDisabled();
    await pick(user, 'radio', '56+');
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(screen.getByText('Step 3 of 6')).toBeVisible();
    const groups = screen.getByRole('group', { name: 'Who are you exploring with?' });
    expect(within(groups).getByRole('checkbox', { name: 'Young kids 0-8 years' })).toBeVisible();
    expect(next()).toBeDisabled();
    await pick(user, 'checkbox', /Mixed ages/);
    expect(next()).toBeEnabled();
    await pick(user, 'checkbox', /Mixed ages/);
    expect(next()).toBeDisabled();
    await pick(user, 'checkbox', /Teens/);
    await user.click(next());

    expect(screen.getByText('Step 4 of 6')).toBeVisible();
    expect(screen.getAllByRole('checkbox')).toHaveLength(10);
    expect(next()).toBeDisabled();
    await pick(user, 'checkbox', 'Classical');
    await user.click(next());

    expect(screen.getByText('Step 5 of 6')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();
    // Back keeps the answers.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('checkbox', { name: 'Classical' })).toBeChecked();
  });

  it('Complete Setup posts the profile, tells the gate and app state, then shows Complete', async () => {
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
    expect(screen.getByText('Step 6 of 6')).toBeVisible();
    expect(sent.filter(({ call }) => call.startsWith('POST'))).toEqual([
      {
        call: 'POST /api/users',
        body: {
          email: 'sam@example.com',
          name: 'sam',
          familySituation: 'tweens',
          musicPreferences: ['Rock'],
          location: 'Austin, TX',
          // The language the family signed up in (issue 35).
          language: 'en',
        },
      },
    ]);
    const record = store.getSnapshot().currentUser;
    expect(record?.location).toBe('Austin, TX');
    expect(store.getSnapshot().location).toBe('Austin, TX');
    expect(gate.send).toHaveBeenCalledWith({ type: 'onboarding.saved', record });
    expect(screen.getByRole('button', { name: "Let's Find Adventures!" })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Shake to Discover' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
  });

  it('offers the weekly email once at the end, off until turned on, without a seventh step', async () => {
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    const offer = await screen.findByRole('switch', { name: 'Send me the weekly email' });
    expect(offer).not.toBeChecked();
    expect(offer).toHaveAccessibleDescription(
      "'This weekend for your family', every Thursday. You can change this in Profile.",
    );
    expect(screen.getByText('Step 6 of 6')).toBeVisible();
    // Shown is offered: it will not be offered again, and nothing is sent unasked.
    const outreachWrites = () => sent.filter(({ call }) => call === 'PUT /api/me/outreach');
    await waitFor(() => expect(outreachWrites()).toHaveLength(1));
    expect(outreach.weeklyEmail).toBe(false);

    await user.click(offer);
    await waitFor(() => expect(offer).toBeChecked());
    expect(outreachWrites().map(({ body }) => body)).toEqual([
      { weeklyEmailOffered: true },
      // With this device's Family Safe (on by default) and radius (none chosen yet).
      { weeklyEmail: true, weeklyEmailOffered: true, familySafe: true, radius: null },
    ]);
  });

  it('does not offer the weekly email again once offered', async () => {
    outreach = { ...outreach, weeklyEmailOffered: true };
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByRole('heading', { name: "You're all set!" });
    await waitFor(() => expect(sent.map(({ call }) => call)).toContain('GET /api/me/outreach'));
    expect(
      screen.queryByRole('switch', { name: 'Send me the weekly email' }),
    ).not.toBeInTheDocument();
    expect(sent.filter(({ call }) => call === 'PUT /api/me/outreach')).toEqual([]);
  });

  it("Let's Find Adventures! goes home and Shake to Discover to /?shake=true", async () => {
    const user = userEvent.setup();
    const { router } = await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await user.click(await screen.findByRole('button', { name: 'Shake to Discover' }));
    await waitFor(() => expect(router.state.location.href).toBe('/?shake=true'));
  });

  it('a failed post alerts the spec text and stays on Location with the answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveAnswer = () => Response.json({ error: 'internal', message: 'boom' }, { status: 500 });
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('There was an error creating your profile. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { name: 'Where are you based?' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Your city or ZIP code' })).toHaveValue(
      'Austin, TX',
    );
    expect(store.getSnapshot().currentUser).toBeNull();
    expect(gate.send).not.toHaveBeenCalled();
  });

  it('an unverified address (403) asks to check the inbox instead of failing', async () => {
    saveAnswer = () =>
      Response.json(
        { error: 'email_not_verified', message: 'Verify your email address first.' },
        { status: 403 },
      );
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeVisible();
    expect(screen.getByRole('button', { name: "I've verified it" })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Where are you based?' })).toBeVisible();
  });

  it('signed out (/test-onboarding) reaches Complete without posting or a photo picker', async () => {
    testAuth.current = signedOutAuth();
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToLocation(user);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
    expect(sent.filter(({ call }) => !call.startsWith('GET'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Choose a photo' })).not.toBeInTheDocument();
    expect(screen.getByText(/Sign in to keep your answers/)).toBeVisible();
  });

  it('with no music service configured, the step says so calmly and offers no button', async () => {
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToMusic(user);
    expect(
      await screen.findByText(
        "Spotify and Apple Music can't be connected here yet, so just pick what your family likes.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /spotify|apple music/i })).toBeNull();
    expect(screen.queryByText(/not configured|server/i)).toBeNull();
  });

  it('a service without credentials is not offered beside one that has them', async () => {
    config = { ...testClientConfig, music: { spotify: true, appleMusic: null } };
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToMusic(user);
    expect(await screen.findByRole('button', { name: /Spotify/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Apple Music/ })).toBeNull();
    expect(screen.queryByText(/can't be connected here yet/)).toBeNull();
  });

  it('Spotify: the popup, then "Connected as", its genres ticked and its artists in the profile', async () => {
    config = { ...testClientConfig, music: { spotify: true, appleMusic: null } };
    const popup = { closed: false, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const user = userEvent.setup();
    await renderOnboarding();
    await walkToMusic(user);
    expect(next()).toBeDisabled();
    await pick(user, 'checkbox', 'Rock');
    await user.click(await screen.findByRole('button', { name: 'Connect Spotify' }));

    await waitFor(() => expect(open).toHaveBeenCalledOnce());
    expect(open.mock.calls[0]?.[0]).toBe('https://accounts.spotify.test/authorize');
    expect(open.mock.calls[0]?.[2]).toMatch(/^width=500,height=600,left=\d+,top=\d+$/);
    expect(await screen.findByText('Finish connecting in the Spotify window.')).toBeVisible();
    const tokens = { access_token: 'a', token_type: 'Bearer', expires_in: 3600, scope: 's' };
    // A forged message from another origin changes nothing; the callback page's does.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.test',
          data: { type: 'SPOTIFY_AUTH_SUCCESS', state: spotifyState, tokens },
        }),
      );
    });
    expect(sent.some(({ call }) => call === 'POST /api/spotify/user-profile')).toBe(false);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'SPOTIFY_AUTH_SUCCESS', state: spotifyState, tokens },
        }),
      );
    });

    expect(await screen.findByText('Connected as Sam Listener')).toBeVisible();
    expect(screen.getByText(/We ticked Jazz and Family from your top artists\./)).toBeVisible();
    expect(popup.close).toHaveBeenCalled();
    for (const genre of ['Rock', 'Jazz', 'Family']) {
      expect(screen.getByRole('checkbox', { name: genre })).toBeChecked();
    }
    // Still the user's choice.
    await pick(user, 'checkbox', 'Family');
    await user.click(next());
    await user.type(screen.getByRole('combobox', { name: 'Your city or ZIP code' }), 'Austin, TX');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
    expect(sent.find(({ call }) => call === 'POST /api/users')?.body).toMatchObject({
      musicPreferences: ['Rock', 'Jazz'],
      musicArtists: ['The Quartet', 'Little Hummers'],
    });
  });
});

describe('OnboardingScreen, Edit preferences', () => {
  it('starts at Family with the stored answers, saves with PUT and returns to /profile', async () => {
    act(() => {
      store.setCurrentUser({
        ...samUserRecord,
        name: 'Rivera Family',
        familySituation: 'young_kids,teens',
        musicPreferences: ['Pop', 'Jazz'],
        location: 'Oakland, CA',
      });
    });
    const user = userEvent.setup();
    const { currentPath } = await renderOnboarding('edit');
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Young kids/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Teens/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Tweens/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
    await user.click(next());
    expect(screen.getByRole('checkbox', { name: 'Jazz' })).toBeChecked();
    await pick(user, 'checkbox', 'Pop');
    await user.click(next());
    expect(screen.getByRole('combobox', { name: 'Your city or ZIP code' })).toHaveValue(
      'Oakland, CA',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(currentPath()).toBe('/profile'));
    expect(sent.filter(({ call }) => !call.startsWith('GET'))).toEqual([
      {
        call: 'PUT /api/users/me',
        body: {
          name: 'Rivera Family',
          familySituation: 'young_kids,teens',
          musicPreferences: ['Jazz'],
          location: 'Oakland, CA',
        },
      },
    ]);
    expect(store.getSnapshot().currentUser?.musicPreferences).toEqual(['Jazz']);
  });

  it('a failed save shows the API message and keeps the answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveAnswer = () =>
      Response.json({ error: 'bad_request', message: 'Location is too long.' }, { status: 400 });
    act(() => store.setCurrentUser(samUserRecord));
    const user = userEvent.setup();
    await renderOnboarding('edit');
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Location is too long.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Your city or ZIP code' })).toHaveValue(
      'Oakland, CA',
    );
  });

  it('without a stored profile it points to onboarding', async () => {
    await renderOnboarding('edit');
    expect(screen.getByRole('heading', { name: 'Set up your profile first' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start onboarding' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });
});

describe('OnboardingScreen in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  const siguiente = () => screen.getByRole('button', { name: 'Siguiente' });
  const noIdLeaks = () =>
    expect(document.body.textContent).not.toMatch(/\bonboarding\.[a-z]+\.[a-zA-Z]/);

  it('walks the six steps in Spanish, saving the same ids and genres as in English', async () => {
    const user = userEvent.setup();
    await renderOnboarding();
    expect(
      screen.getByRole('heading', { name: '¡Hola! Vamos a preparar tu FamJam' }),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Paso 1 de 6' })).toHaveAttribute(
      'aria-valuenow',
      '17',
    );
    expect(screen.getByText('Y todo cerca de ti')).toBeVisible();
    noIdLeaks();
    await user.click(siguiente());

    expect(screen.getByText('Paso 2 de 6')).toBeVisible();
    await pick(user, 'radio', '26-35');
    await user.click(siguiente());

    const groups = screen.getByRole('group', { name: '¿Con quién sales a explorar?' });
    expect(within(groups).getByRole('checkbox', { name: 'Niños pequeños 0-8 años' })).toBeVisible();
    expect(within(groups).getByRole('checkbox', { name: /Edades variadas/ })).toBeVisible();
    await pick(user, 'checkbox', /Preadolescentes/);
    noIdLeaks();
    await user.click(siguiente());

    expect(screen.getByRole('heading', { name: '¿Qué música te gusta?' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Electrónica' })).toBeVisible();
    await pick(user, 'checkbox', 'Clásica');
    await user.click(siguiente());

    expect(screen.getByRole('heading', { name: '¿Dónde vives?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Usar mi ubicación' })).toBeVisible();
    await user.type(
      screen.getByRole('combobox', { name: 'Tu ciudad o código postal' }),
      'Austin, TX',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(screen.getByRole('checkbox', { name: 'Clásica' })).toBeChecked();
    await user.click(siguiente());
    await user.click(screen.getByRole('button', { name: 'Terminar configuración' }));

    expect(await screen.findByRole('heading', { name: '¡Todo listo!' })).toBeVisible();
    expect(screen.getByText('Paso 6 de 6')).toBeVisible();
    expect(screen.getByRole('button', { name: '¡A buscar aventuras!' })).toBeVisible();
    // The record keeps the ids and genres, whatever the language shows.
    expect(sent.find(({ call }) => call === 'POST /api/users')?.body).toMatchObject({
      familySituation: 'tweens',
      musicPreferences: ['Classical'],
    });
    noIdLeaks();
  });

  it('edits preferences in Spanish: the status line, Cancel and Save', async () => {
    act(() => store.setCurrentUser(samUserRecord));
    await renderOnboarding('edit');
    expect(screen.getByText('Editar preferencias')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('Paso 1 de 3')).toBeVisible();
    noIdLeaks();
  });
});
