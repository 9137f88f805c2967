import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../contract/user.ts';
import { createQueryClient } from '../api/queryClient.ts';
import { SESSION_HINT_KEY, storageKeys } from '../domain/constants.ts';
import { createAppRouter } from '../router.tsx';
import { samUserRecord, testClientConfig } from '../test/fixtures.ts';
import type { AuthContextValue, AuthUser } from './auth.tsx';
import { ClientConfigProvider } from './clientConfig.tsx';
import { useRedirectAfterOnboarding } from './redirect.ts';

/*
 * The real route tree, providers and auth gate, with the two edges faked: the identity service
 * (useAuth) and the user lookup (GET /api/users/by-email).
 */

const fake = vi.hoisted(() => ({
  auth: { user: null, loading: true } as { user: AuthUser | null; loading: boolean },
  listeners: new Set<() => void>(),
  lookup: vi.fn<(email: string) => Promise<UserRecord | null>>(),
}));

vi.mock('./auth.tsx', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    fake.listeners.add(listener);
    return () => fake.listeners.delete(listener);
  };
  return {
    AuthProvider: ({ children }: { children: ReactNode }) => children,
    useAuth: (): AuthContextValue => {
      const state = useSyncExternalStore(subscribe, () => fake.auth);
      return {
        ...state,
        signInWithEmail: vi.fn(),
        createAccount: vi.fn(),
        signInWithGoogle: vi.fn(),
        signOut: vi.fn(),
      };
    },
  };
});

vi.mock('../api/users.ts', () => ({
  getUserByEmail: (email: string) => fake.lookup(email),
  createUser: vi.fn(),
}));

function setAuth(next: { user: AuthUser | null; loading: boolean }) {
  act(() => {
    fake.auth = next;
    for (const listener of fake.listeners) listener();
  });
}

const sam: AuthUser = { uid: 'u1', email: 'sam@example.com', displayName: 'Sam', photoURL: null };

function renderAt(
  path: string,
  { InnerWrap }: { InnerWrap?: (props: { children: ReactNode }) => ReactElement } = {},
) {
  const router = createAppRouter(
    { queryClient: createQueryClient() },
    createMemoryHistory({ initialEntries: [path] }),
  );
  // Renders inside the router, beside the matched page: how a test reads route hooks.
  if (InnerWrap) router.update({ ...router.options, InnerWrap });
  render(
    <ClientConfigProvider config={testClientConfig}>
      <RouterProvider router={router} />
    </ClientConfigProvider>,
  );
  return router;
}

/** The search params the matched page receives (after its validateSearch). */
function pageSearch(router: ReturnType<typeof createAppRouter>) {
  return router.state.matches.at(-1)?.search;
}

beforeEach(() => {
  localStorage.clear();
  fake.auth = { user: null, loading: true };
  fake.lookup.mockReset();
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('routing gate', () => {
  it("shows 'Loading...' until the first sign-in state arrives", async () => {
    renderAt('/');
    expect(await screen.findByText('Loading...')).toBeVisible();
  });

  it('sends a signed-out visitor from a signed-in page to the sign-in screen', async () => {
    const router = renderAt('/saved');
    setAuth({ user: null, loading: false });
    expect(await screen.findByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-out visitor on an unknown path to the sign-in screen, not the 404', async () => {
    const router = renderAt('/no-such-page');
    setAuth({ user: null, loading: false });
    await screen.findByRole('heading', { name: 'Welcome to FamJam' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ])('lets a signed-out visitor read %s', async (path, title) => {
    const router = renderAt(path);
    setAuth({ user: null, loading: false });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets a signed-out visitor open /test-onboarding and the music callback', async () => {
    const router = renderAt('/auth/spotify/callback');
    setAuth({ user: null, loading: false });
    // The callback page itself, not the sign-in screen: opened directly (no window opened it),
    // it says it has nothing to report to (its texts are MusicCallbackScreen.test.tsx's).
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "This window isn't connected to FamJam",
      }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/spotify/callback');

    await act(() => router.navigate({ to: '/test-onboarding' }));
    expect(
      await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/test-onboarding');
  });

  it('sends a signed-in user with a record from /auth to / and keeps the record', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    const router = renderAt('/auth');
    setAuth({ user: sam, loading: false });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(fake.lookup).toHaveBeenCalledWith('sam@example.com');
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null')).toEqual(samUserRecord);
  });

  it('sends a signed-in user without a record (404) from /auth to /onboarding', async () => {
    fake.lookup.mockResolvedValue(null);
    const router = renderAt('/auth');
    setAuth({ user: sam, loading: false });

    expect(
      await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('treats a failed lookup as no record: logged, then onboarding', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.lookup.mockRejectedValue(new Error('HTTP error! status: 500'));
    const router = renderAt('/auth');
    setAuth({ user: sam, loading: false });

    await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" });
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(logged).toHaveBeenCalled();
  });

  it('offline, a failed lookup uses the record kept on this device instead of onboarding', async () => {
    localStorage.setItem(storageKeys.user, JSON.stringify(samUserRecord));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fake.lookup.mockRejectedValue(new TypeError('Failed to fetch'));
    const router = renderAt('/');
    setAuth({ user: sam, loading: false });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the 404 texts inside the app for a signed-in user', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    renderAt('/no-such-page');
    setAuth({ user: sam, loading: false });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeVisible();
    expect(screen.getByRole('navigation', { name: /main|primary|bottom/i })).toBeInTheDocument();
  });

  it('sends the user to /auth after signing out', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    const router = renderAt('/profile');
    setAuth({ user: sam, loading: false });
    await screen.findByRole('heading', { name: 'Profile' });

    setAuth({ user: null, loading: false });
    // The plain sign-in page: the next person to sign in starts at home, not on /profile.
    await waitFor(() => expect(router.state.location.href).toBe('/auth'));
  });
});

describe('a returning family (issue 36)', () => {
  /** The device as Sam's last visit left it: the session hint, who Firebase said, the profile. */
  function keepSamsSession() {
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    localStorage.setItem(storageKeys.sessionUser, JSON.stringify(sam));
    localStorage.setItem(storageKeys.user, JSON.stringify(samUserRecord));
  }

  it('sees the page before Firebase and the lookup answer, and keeps it once they confirm', async () => {
    keepSamsSession();
    // An email account: the profile shows the record's name (a Google name would win over it).
    const emailSam = { ...sam, displayName: null };
    localStorage.setItem(storageKeys.sessionUser, JSON.stringify(emailSam));
    let answer: (record: UserRecord) => void = () => undefined;
    fake.lookup.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const router = renderAt('/profile');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(fake.lookup).not.toHaveBeenCalled();

    expect(screen.getByText(samUserRecord.name)).toBeVisible();
    setAuth({ user: emailSam, loading: false });
    expect(fake.lookup).toHaveBeenCalledWith('sam@example.com');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeVisible();
    // The profile changed on another device: the page follows the new record.
    await act(async () => answer({ ...samUserRecord, name: 'The Rivera Family' }));
    expect(await screen.findByText('The Rivera Family')).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('goes to sign in, remembering the page, when Firebase says the kept session is gone', async () => {
    keepSamsSession();
    const router = renderAt('/saved');
    await screen.findByRole('heading', { level: 1, name: 'Saved Events' });

    setAuth({ user: null, loading: false });
    expect(await screen.findByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
    expect(router.state.location.href).toBe('/auth?redirect=%2Fsaved');
    expect(fake.lookup).not.toHaveBeenCalled();
  });

  it('waits behind Loading... when the kept profile is not the kept session', async () => {
    keepSamsSession();
    localStorage.setItem(
      storageKeys.user,
      JSON.stringify({ ...samUserRecord, email: 'someone.else@example.com' }),
    );
    renderAt('/profile');
    expect(await screen.findByText('Loading...')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Profile' })).toBeNull();
  });

  it('shows nothing of the kept account once Firebase names another one', async () => {
    keepSamsSession();
    const alex: AuthUser = {
      uid: 'u2',
      email: 'alex@example.com',
      displayName: null,
      photoURL: null,
    };
    fake.lookup.mockReturnValue(new Promise(() => undefined));
    renderAt('/profile');
    await screen.findByRole('heading', { name: 'Profile' });

    setAuth({ user: alex, loading: false });
    expect(await screen.findByText('Loading...')).toBeVisible();
    expect(screen.queryByText(samUserRecord.name)).toBeNull();
    expect(fake.lookup).toHaveBeenCalledWith('alex@example.com');
  });
});

describe('search params', () => {
  it('keeps a valid /search category and drops an invalid one', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    fake.auth = { user: sam, loading: false };
    const router = renderAt('/search?category=dining');
    await screen.findByRole('heading', { name: 'Discover Events' });
    expect(pageSearch(router)).toEqual({ category: 'dining' });

    await act(() => router.navigate({ href: '/search?category=bogus' }));
    expect(screen.getByRole('heading', { name: 'Discover Events' })).toBeVisible();
    expect(pageSearch(router)).toStrictEqual({
      q: undefined,
      category: undefined,
      price: undefined,
      date: undefined,
      day: undefined,
      location: undefined,
      fits: undefined,
      view: undefined,
      radius: undefined,
      bbox: undefined,
    });
  });

  it('reads shake=true on / once, then drops it from the address', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    fake.auth = { user: sam, loading: false };
    const router = renderAt('/?shake=true&date=weekend');
    await screen.findByRole('heading', { level: 1, name: 'What should we do today?' });
    await waitFor(() => expect(router.state.location.href).toBe('/?date=weekend'));
    expect(pageSearch(router)).toMatchObject({ shake: undefined, date: 'weekend' });
  });
});

/** Beside the page: where onboarding would finish, read as the onboarding screen reads it. */
function ShowRedirectAfterOnboarding({ children }: { children: ReactNode }) {
  const destination = useRedirectAfterOnboarding();
  return (
    <>
      {children}
      <output data-testid="after-onboarding">{destination}</output>
    </>
  );
}

describe('a shared link survives sign-in', () => {
  const sharedEvent = '/event/e1?ref=share#event-e1';

  it('sends a visitor to sign in with the page as ?redirect=, and there after sign-in', async () => {
    fake.lookup.mockResolvedValue(samUserRecord);
    const router = renderAt(sharedEvent);
    setAuth({ user: null, loading: false });
    await screen.findByRole('heading', { name: 'Welcome to FamJam' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(pageSearch(router)).toEqual({ redirect: sharedEvent });

    setAuth({ user: sam, loading: false });
    await waitFor(() => expect(router.state.location.href).toBe(sharedEvent));
    expect(await screen.findByRole('heading', { name: 'Event Details' })).toBeVisible();
  });

  it('sends a visitor from / to plain /auth', async () => {
    const router = renderAt('/');
    setAuth({ user: null, loading: false });
    await screen.findByRole('heading', { name: 'Welcome to FamJam' });
    expect(router.state.location.href).toBe('/auth');
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores ?redirect=%s and goes home after sign-in',
    async (redirect) => {
      fake.lookup.mockResolvedValue(samUserRecord);
      const router = renderAt(`/auth?redirect=${encodeURIComponent(redirect)}`);
      setAuth({ user: null, loading: false });
      await screen.findByRole('heading', { name: 'Welcome to FamJam' });
      expect(pageSearch(router)).toStrictEqual({ redirect: undefined });

      setAuth({ user: sam, loading: false });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'What should we do today?' }),
      ).toBeVisible();
      expect(router.state.location.href).toBe('/');
    },
  );

  it('keeps the page for after onboarding when the account has no record yet', async () => {
    fake.lookup.mockResolvedValue(null);
    const router = renderAt(`/auth?redirect=${encodeURIComponent(sharedEvent)}`, {
      InnerWrap: ShowRedirectAfterOnboarding,
    });
    setAuth({ user: sam, loading: false });

    expect(
      await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(pageSearch(router)).toEqual({ redirect: sharedEvent });
    expect(screen.getByTestId('after-onboarding')).toHaveTextContent(sharedEvent);
  });

  it('onboarding without a remembered page finishes at home', async () => {
    fake.lookup.mockResolvedValue(null);
    renderAt('/auth', { InnerWrap: ShowRedirectAfterOnboarding });
    setAuth({ user: sam, loading: false });
    await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" });
    expect(screen.getByTestId('after-onboarding')).toHaveTextContent(/^\/$/);
  });

  it('drops a redirect off the site given to /onboarding directly', async () => {
    fake.lookup.mockResolvedValue(null);
    fake.auth = { user: sam, loading: false };
    renderAt('/onboarding?redirect=%2F%2Fevil.example', { InnerWrap: ShowRedirectAfterOnboarding });
    await screen.findByRole('heading', { name: "Welcome! Let's set up your FamJam" });
    expect(screen.getByTestId('after-onboarding')).toHaveTextContent(/^\/$/);
  });
});
