import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { ThemeProvider } from '../../app/theme.tsx';
import { stubApi } from '../../test/fakeApi.ts';
import { samUserRecord } from '../../test/fixtures.ts';
import {
  newAccountNotifications,
  notificationFixture,
  notificationList,
  readAll,
} from '../../test/notificationFixtures.ts';
import { signedInAuth, signedOutAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import { Header } from './Header.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

let store: AppStateStore;

function renderHeader() {
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <ToastProvider>
          <AppStateProvider store={store}>
            <Header />
          </AppStateProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  stubColorScheme(false);
  store = createAppStateStore(null);
  testAuth.current = signedInAuth();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The header loads the location dialog on demand; transforming it on first use inside a test can
// outlast the test's timeout on a busy machine, so it is compiled once up front.
beforeAll(async () => {
  await import('./LocationDialog.tsx');
});

describe('Header', () => {
  it('is a banner with the logo linking home', async () => {
    await renderHeader();
    const banner = screen.getByRole('banner');
    expect(banner).toBeInTheDocument();
    const home = within(banner).getByRole('link', { name: 'FamJam, home' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveTextContent('FamJam');
  });

  it("flips the switch label between 'Family Safe' + '18 & Under' and 'All Events'", async () => {
    await renderHeader();
    const familySwitch = screen.getByRole('switch');
    expect(familySwitch).toBeChecked();
    expect(familySwitch).toHaveAccessibleName('Family Safe 18 & Under');
    expect(screen.getByText('18 & Under')).toBeVisible();

    await userEvent.click(familySwitch);
    expect(familySwitch).not.toBeChecked();
    expect(familySwitch).toHaveAccessibleName('All Events');
    expect(screen.queryByText('18 & Under')).not.toBeInTheDocument();
    // The mode every list follows changes once the switch's new look is painted.
    await waitFor(() => expect(store.getSnapshot().familyMode).toBe(false));
    expect(familySwitch).toHaveAccessibleName('All Events');

    await userEvent.click(familySwitch);
    expect(familySwitch).toHaveAccessibleName('Family Safe 18 & Under');
    await waitFor(() => expect(store.getSnapshot().familyMode).toBe(true));
    expect(familySwitch).toHaveAccessibleName('Family Safe 18 & Under');
  });

  it('names the theme toggle after the theme it switches to', async () => {
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('opens the avatar menu with Profile, Saved Events and Sign Out, which navigate', async () => {
    const { currentPath } = await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    // The menu's code comes with the first press.
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Saved Events', 'Sign Out']);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(currentPath()).toBe('/profile');

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Saved Events' }));
    expect(currentPath()).toBe('/saved');
  });

  it('opens the avatar menu from the keyboard on the first press and gives focus back when it closes', async () => {
    await renderHeader();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Account menu' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // The stand-in pressed first is gone: focus is on the real menu button, by the same name.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("shows the uploaded profile photo in the avatar, over the identity provider's picture", async () => {
    testAuth.current = signedInAuth({
      user: {
        uid: 'u',
        email: 'sam@example.com',
        displayName: 'Sam',
        photoURL: 'https://example.com/g.png',
      },
    });
    store.setCurrentUser({ ...samUserRecord, photoUpdatedAt: '2026-11-20T10:00:00.000Z' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sam-photo');
    const api = stubApi((url) =>
      url.pathname === '/api/me/photo'
        ? new Response(new Blob(['png'], { type: 'image/png' }))
        : Response.json(newAccountNotifications),
    );
    await renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    await vi.waitFor(() =>
      expect(trigger.querySelector('img')).toHaveAttribute('src', 'blob:sam-photo'),
    );
    expect(api.requestsTo('/api/me/photo')).toHaveLength(1);
  });

  it("names an email account in the menu by its profile's name, and uses its initial", async () => {
    testAuth.current = signedInAuth({
      user: { uid: 'u', email: 'sam@example.com', displayName: null, photoURL: null },
    });
    store.setCurrentUser({ ...samUserRecord, name: 'Rivera Family' });
    stubApi(() => Response.json(newAccountNotifications));
    await renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(within(trigger).getByTestId('avatar')).toHaveTextContent('R');
    await userEvent.click(trigger);
    expect(await screen.findByText('Rivera Family')).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
  });

  it('shows the user photo in the avatar when there is one', async () => {
    testAuth.current = signedInAuth({
      user: {
        uid: 'u',
        email: 'g@example.com',
        displayName: 'Grace',
        photoURL: 'https://example.com/g.png',
      },
    });
    await renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://example.com/g.png');
  });

  it('signs out from the menu', async () => {
    const signOut = vi.fn(async () => {});
    testAuth.current = signedInAuth({ signOut });
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("alerts 'Sign-out failed. Please try again.' when sign-out fails", async () => {
    testAuth.current = signedInAuth({
      signOut: async () => {
        throw new Error('network down');
      },
    });
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Sign-out failed. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows a sign-in link to /auth instead of the avatar when signed out', async () => {
    testAuth.current = signedOutAuth();
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('shows no notification count to a signed-out visitor; the bell invites them to sign in', async () => {
    testAuth.current = signedOutAuth();
    const { currentPath } = await renderHeader();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveTextContent(
      'Sign in to get updates about new events near San Francisco, CA.',
    );
    expect(dialog).not.toHaveTextContent('3 new');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Sign in' }));
    expect(currentPath()).toBe('/auth');
  });

  it('keeps the theme toggle, Family Safe switch and location chip for a signed-out visitor', async () => {
    testAuth.current = signedOutAuth();
    await renderHeader();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Family Safe 18 & Under' })).toBeChecked();
    expect(
      screen.getByRole('button', { name: 'Location: San Francisco, CA. Change location' }),
    ).toBeInTheDocument();
  });

  it('shows neither while auth is still loading', async () => {
    testAuth.current = signedOutAuth({ loading: true });
    await renderHeader();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  // Types into the dialog's combobox and waits for the API check: slow in jsdom (see
  // LocationDialog.test), which the unit project's testTimeout allows for.
  it('shows the app-state location on the chip, which opens the location dialog', async () => {
    // Every place is known; the dialog checks it before setting it.
    stubApi((url) => Response.json({ categories: [], location: url.searchParams.get('location') }));
    await renderHeader();
    const chip = screen.getByRole('button', { name: /^Location: San Francisco, CA/ });
    expect(chip).toHaveTextContent('San Francisco, CA');
    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'Set your location' });
    await userEvent.type(within(dialog).getByRole('combobox'), 'Oakland, CA{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Location: Oakland, CA/ })).toHaveTextContent(
      'Oakland, CA',
    );
  });

  it('shows the coordinates of a GPS location beside the city, with 2 decimals', async () => {
    store.setLocation('Seattle, WA', { latitude: 47.6062, longitude: -122.3321 });
    await renderHeader();
    const chip = screen.getByRole('button', {
      name: 'Location: Seattle, WA (47.61, -122.33). Change location',
    });
    expect(chip).toHaveTextContent('Seattle, WA');
    expect(chip).toHaveTextContent('47.61, -122.33');
  });

  it('shows no coordinates for a typed location', async () => {
    store.setLocation('Oakland, CA');
    await renderHeader();
    expect(
      screen.getByRole('button', { name: 'Location: Oakland, CA. Change location' }),
    ).toHaveTextContent(/^Oakland, CA$/);
  });
});

describe('Header notification bell', () => {
  /** A signed-in user with a profile, and a server that answers the list and the mark-read. */
  function withProfile(list = newAccountNotifications) {
    store.setCurrentUser(samUserRecord);
    return stubApi((url) =>
      url.pathname === '/api/me/notifications/read'
        ? Response.json(readAll(list))
        : Response.json(list),
    );
  }

  it("shows the server's unread count on the bell (a new account's 3)", async () => {
    withProfile();
    await renderHeader();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 new' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
  });

  it('shows no number until the list has arrived', async () => {
    store.setCurrentUser(samUserRecord);
    const api = stubApi(() => new Promise<Response>(() => {}));
    await renderHeader();
    await vi.waitFor(() => expect(api.requestsTo('/api/me/notifications')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('asks nothing and shows no number for an account without a profile', async () => {
    const api = stubApi(() => Response.json(newAccountNotifications));
    await renderHeader();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(api.requestsTo('/api/me/notifications')).toHaveLength(0);
  });

  it('shows no number when the server has no profile (404)', async () => {
    store.setCurrentUser(samUserRecord);
    const api = stubApi(() =>
      Response.json({ error: 'not_found', message: 'No profile.' }, { status: 404 }),
    );
    await renderHeader();
    await vi.waitFor(() => expect(api.requestsTo('/api/me/notifications')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('opens the list with unread items marked, marks them read and drops the badge', async () => {
    // The fixtures were made "5 minutes ago" when this file loaded; on a loaded machine this test
    // can start minutes later, so the clock (Date only: timers stay real) is put at that moment.
    const welcomeAt = Date.parse(newAccountNotifications.notifications[0]?.createdAt ?? '');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(welcomeAt + 5 * 60_000);
    const api = withProfile();
    await renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 new' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(
      await within(dialog).findByRole('list', { name: 'Notifications' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Unread: Welcome to FamJam!',
      'Unread: Shake to discover',
      'Unread: Save for later',
    ]);
    expect(items[0]).toHaveTextContent('Find events the whole family will love.');
    expect(items[0]).toHaveTextContent('5 minutes ago');

    await vi.waitFor(() =>
      expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('/api/me/notifications/read')).toHaveLength(1);
    // The open list keeps showing which ones were new.
    expect(within(dialog).getAllByText('Unread:', { exact: false })).toHaveLength(3);

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('does not post a read mark when nothing is unread', async () => {
    const api = withProfile(readAll(newAccountNotifications));
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Welcome to FamJam!')).toBeInTheDocument();
    expect(screen.queryByText('Unread:', { exact: false })).not.toBeInTheDocument();
    expect(api.requestsTo('/api/me/notifications/read')).toHaveLength(0);
  });

  it('links an event notification to the event and closes the list', async () => {
    withProfile(
      notificationList([
        notificationFixture({
          id: 'reminder:seed:sf-0001',
          kind: 'reminder',
          title: 'Family Jazz Picnic is tomorrow',
          eventId: 'seed:sf-0001',
        }),
      ]),
    );
    const { currentPath } = await renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    await userEvent.click(
      await screen.findByRole('link', { name: 'Family Jazz Picnic is tomorrow' }),
    );
    expect(currentPath()).toBe(`/event/${encodeURIComponent('seed:sf-0001')}`);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says You're all caught up. for an empty list", async () => {
    withProfile(notificationList([]));
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
  });

  it('says the list failed to load, with a way to try again', async () => {
    store.setCurrentUser(samUserRecord);
    let fail = true;
    stubApi(() =>
      fail
        ? Response.json({ error: 'internal', message: 'The database is asleep.' }, { status: 503 })
        : Response.json(readAll(newAccountNotifications)),
    );
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your notifications. The database is asleep.");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome to FamJam!')).toBeInTheDocument();
  });
});
