import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import type { Suggestion } from '../../../contract/suggestions.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { ThemeProvider } from '../../app/theme.tsx';
import { type FakeApi, stubApi } from '../../test/fakeApi.ts';
import {
  eventFixture,
  samUserRecord,
  suggestionFixture,
  testClientConfig,
} from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import { Header } from '../shell/Header.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

let store: AppStateStore;

/** What GET /api/me/suggestions and GET /api/me/role answer in this file's tests. */
let mySuggestions: Suggestion[] = [];
let isOperator = false;

/**
 * The network for Profile: the Suggested Events section's two reads and the watched searches
 * get real answers, every other request goes to the test's own `answer`.
 */
function stubProfileApi(
  answer: (url: URL) => Response | Promise<Response> = () => Response.json({}, { status: 404 }),
): FakeApi {
  return stubApi((url) => {
    if (url.pathname === '/api/me/suggestions') {
      return Response.json({ suggestions: mySuggestions });
    }
    if (url.pathname === '/api/me/role') return Response.json({ operator: isOperator });
    // Issue 34's settings and watched searches (OutreachSettings.test.tsx tests them).
    if (url.pathname === '/api/me/watched-searches')
      return Response.json({ searches: [], limit: 10 });
    if (url.pathname === '/api/me/outreach')
      return Response.json({ message: 'Not yet' }, { status: 404 });
    return answer(url);
  });
}

async function renderProfile({
  withHeader = false,
  downloadCalendar,
}: {
  withHeader?: boolean;
  downloadCalendar?: (events: readonly Event[]) => Promise<void>;
} = {}) {
  const queryClient = createQueryClient();
  const view = await renderWithRouter(
    <ClientConfigProvider config={testClientConfig}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ToastProvider>
            <AppStateProvider store={store}>
              {withHeader ? <Header /> : null}
              <ProfileScreen downloadCalendar={downloadCalendar} />
            </AppStateProvider>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ClientConfigProvider>,
    { path: '/profile' },
  );
  return { ...view, queryClient };
}

beforeEach(() => {
  localStorage.clear();
  stubColorScheme(false);
  store = createAppStateStore(null);
  store.setCurrentUser({
    ...samUserRecord,
    familySituation: 'young_kids,teens',
    musicPreferences: ['Jazz', 'Family'],
  });
  testAuth.current = signedInAuth();
  mySuggestions = [];
  isOperator = false;
  stubProfileApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const section = (name: string) => screen.getByRole('region', { name });

describe('ProfileScreen: who is signed in', () => {
  it("shows the identity's name, email and the profile's location", async () => {
    await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const identity = section('Ada Lovelace');
    expect(identity).toHaveTextContent('ada@example.com');
    expect(identity).toHaveTextContent('Location: Oakland, CA');
  });

  it("falls back to the stored name, then to 'FamJam Explorer'", async () => {
    testAuth.current = signedInAuth({
      user: { uid: 'u', email: 'sam@example.com', displayName: null, photoURL: null },
    });
    const { unmount } = await renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Sam' })).toBeInTheDocument();
    unmount();

    store.setCurrentUser(null);
    await renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'FamJam Explorer' })).toBeInTheDocument();
    // Without a record, the app's location stands in.
    expect(section('FamJam Explorer')).toHaveTextContent('Location: San Francisco, CA');
  });

  it('shows the uploaded photo, else an icon (no initial)', async () => {
    const { unmount } = await renderProfile();
    const avatar = within(section('Ada Lovelace')).getByTestId('avatar');
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.querySelector('svg')).not.toBeNull();
    expect(avatar).not.toHaveTextContent('A');
    unmount();

    store.setCurrentUser({ ...samUserRecord, photoUpdatedAt: '2026-11-20T10:00:00.000Z' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:ada-photo');
    stubProfileApi(() => new Response(new Blob(['png'], { type: 'image/png' })));
    await renderProfile();
    await waitFor(() =>
      expect(
        within(section('Ada Lovelace')).getByTestId('avatar').querySelector('img'),
      ).toHaveAttribute('src', 'blob:ada-photo'),
    );
  });
});

describe('ProfileScreen: Family Preferences', () => {
  it('lists the family groups as emoji and label, and the genres as chips', async () => {
    await renderProfile();
    const preferences = section('Family Preferences');
    const family = within(preferences).getByRole('list', { name: 'Family' });
    expect(
      within(family)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['🧸Young kids (0-8 years)', '🎧Teens (13-17)']);
    // The emoji is decoration: screen readers hear the label only.
    expect(within(family).getByText('🧸')).toHaveAttribute('aria-hidden', 'true');
    const music = within(preferences).getByRole('list', { name: 'Music' });
    expect(
      within(music)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Jazz', 'Family']);
  });

  it("says 'Not specified' without a family situation or genres", async () => {
    store.setCurrentUser({ ...samUserRecord, familySituation: '', musicPreferences: [] });
    await renderProfile();
    const preferences = section('Family Preferences');
    expect(within(preferences).getAllByText('Not specified')).toHaveLength(2);
    expect(within(preferences).queryByRole('list')).not.toBeInTheDocument();
  });

  it('links Edit preferences to /profile/edit', async () => {
    await renderProfile();
    expect(screen.getByRole('link', { name: 'Edit preferences' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
  });
});

describe('ProfileScreen: Settings', () => {
  it("flips Family Mode together with the header's Family Safe switch", async () => {
    await renderProfile({ withHeader: true });
    const familyMode = screen.getByRole('switch', { name: 'Family Mode' });
    expect(familyMode).toBeChecked();
    expect(familyMode).toHaveAccessibleDescription('Show only family-friendly events');
    await userEvent.click(familyMode);
    expect(familyMode).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'All Events' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'All Events' }));
    // The header's switch applies its mode once its own new look is painted (useFeedbackFirst).
    await waitFor(() => expect(familyMode).toBeChecked());
  });

  it("Push Notifications is this browser's Web Push: without the Push API it is off and says why", async () => {
    // jsdom has no PushManager or service worker: the real browser check finds none.
    await renderProfile();
    const push = screen.getByRole('switch', { name: 'Push Notifications' });
    await waitFor(() =>
      expect(within(section('Settings')).getByRole('status')).toHaveTextContent(
        "This browser can't receive notifications from FamJam.",
      ),
    );
    expect(push).not.toBeChecked();
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription('Get notified about new events');
  });
});

describe('ProfileScreen: Quick Actions', () => {
  it('My Calendar downloads the saved events through the Saved export', async () => {
    store.setSavedEventIds(['e2', 'e1']);
    stubProfileApi(() =>
      Response.json({ events: [eventFixture({ id: 'e1' }), eventFixture({ id: 'e2' })] }),
    );
    const downloaded: string[][] = [];
    const download = vi.fn(async (events: readonly Event[]) => {
      downloaded.push(events.map((event) => event.id));
    });
    await renderProfile({ downloadCalendar: download });
    await userEvent.click(screen.getByRole('button', { name: 'My Calendar' }));
    expect(await screen.findByText('Exporting saved events to calendar...')).toBeVisible();
    await waitFor(() => expect(downloaded).toEqual([['e1', 'e2']]));
  });

  it('My Calendar says so when nothing is saved, and downloads nothing', async () => {
    const download = vi.fn(async () => {});
    await renderProfile({ downloadCalendar: download });
    await userEvent.click(screen.getByRole('button', { name: 'My Calendar' }));
    expect(
      await screen.findByText('Nothing saved yet: tap the heart on an event to keep it.'),
    ).toBeVisible();
    expect(download).not.toHaveBeenCalled();
  });

  it('My Calendar says the export failed when the saved events cannot be fetched', async () => {
    store.setSavedEventIds(['e1']);
    stubProfileApi(() => Response.json({ error: 'internal', message: 'Down.' }, { status: 503 }));
    const download = vi.fn(async () => {});
    await renderProfile({ downloadCalendar: download });
    await userEvent.click(screen.getByRole('button', { name: 'My Calendar' }));
    expect(await screen.findByText("We couldn't export your saved events.")).toBeVisible();
    expect(download).not.toHaveBeenCalled();
  });

  it('Saved Events opens /saved', async () => {
    const { currentPath } = await renderProfile();
    await userEvent.click(screen.getByRole('link', { name: 'Saved Events' }));
    expect(currentPath()).toBe('/saved');
  });

  it('Notification History opens the notification list', async () => {
    stubProfileApi((url) =>
      url.pathname === '/api/me/notifications'
        ? Response.json({ notifications: [], unreadCount: 0 })
        : Response.json({}, { status: 404 }),
    );
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Notification History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText("You're all caught up.")).toBeInTheDocument();
  });
});

describe('ProfileScreen: Connected Accounts', () => {
  it.each([
    ['Connect Spotify', 'Spotify integration coming soon!'],
    ['Connect Apple Music', 'Apple Music integration coming soon!'],
    ['Connect Ticketmaster', 'Ticketmaster integration coming soon!'],
  ])('%s alerts "%s"', async (button, text) => {
    await renderProfile();
    await userEvent.click(
      within(section('Connected Accounts')).getByRole('button', { name: button }),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(text);
  });
});

describe('ProfileScreen: leaving', () => {
  it('signs out', async () => {
    const signOut = vi.fn(async () => {});
    testAuth.current = signedInAuth({ signOut });
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("alerts 'Sign-out failed. Please try again.' when sign-out fails", async () => {
    testAuth.current = signedInAuth({
      signOut: async () => {
        throw new Error('offline');
      },
    });
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Sign-out failed. Please try again.',
    );
  });

  it('deletes the account after a confirmation that says what goes, then clears this device', async () => {
    const signOut = vi.fn(async () => {});
    testAuth.current = signedInAuth({ signOut });
    store.setSavedEventIds(['e1']);
    const api = stubProfileApi(() => new Response(null, { status: 204 }));
    const { currentPath } = await renderProfile();

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent(
      "This deletes your FamJam profile, your saved events, the polls you created, your event suggestions (events already published stay), your profile photo and your sign-in. It can't be undone.",
    );
    expect(api.requestsTo('/api/me')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(api.requestsTo('/api/me')).toHaveLength(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ currentUser: null, savedEventIds: [] });
    expect(screen.getByText('Your account has been deleted.')).toBeVisible();
  });

  it('Cancel keeps the account', async () => {
    const api = stubProfileApi(() => new Response(null, { status: 204 }));
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requestsTo('/api/me')).toHaveLength(0);
  });

  it('says the deletion failed and keeps everything when the server refuses', async () => {
    const signOut = vi.fn(async () => {});
    testAuth.current = signedInAuth({ signOut });
    store.setSavedEventIds(['e1']);
    stubProfileApi(() =>
      Response.json({ error: 'unavailable', message: 'Try again soon.' }, { status: 503 }),
    );
    const { currentPath } = await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't delete your account. Please try again. Try again soon.",
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/profile');
    expect(store.getSnapshot().currentUser).not.toBeNull();
    expect(store.getSnapshot().savedEventIds).toEqual(['e1']);
  });
});

describe('ProfileScreen: Suggested Events', () => {
  it("lists the person's suggestions with 'Waiting for review', 'Published' and 'Not published: {reason}'", async () => {
    mySuggestions = [
      suggestionFixture({ id: 'a', title: 'Kite Day' }),
      suggestionFixture({
        id: 'b',
        title: 'Puppet Parade',
        status: 'published',
        statusText: 'Published',
      }),
      suggestionFixture({
        id: 'c',
        title: 'Wine Walk',
        status: 'declined',
        reason: 'It is for adults only.',
        statusText: 'Not published: It is for adults only.',
      }),
    ];
    await renderProfile();
    const list = await within(section('Suggested Events')).findByRole('list', {
      name: 'Your suggestions',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Kite DaySat, Dec 5, 10:30 AM · Lake Merritt Amphitheater, Oakland, CAWaiting for review',
      'Puppet ParadeSat, Dec 5, 10:30 AM · Lake Merritt Amphitheater, Oakland, CAPublished',
      'Wine WalkSat, Dec 5, 10:30 AM · Lake Merritt Amphitheater, Oakland, CANot published: It is for adults only.',
    ]);
  });

  it("says where suggestions will show when there are none, and links to 'Suggest an event'", async () => {
    const { currentPath } = await renderProfile();
    const suggested = section('Suggested Events');
    expect(
      await within(suggested).findByText('Events you suggest show here with their review status.'),
    ).toBeVisible();
    await userEvent.click(within(suggested).getByRole('link', { name: 'Suggest an event' }));
    expect(currentPath()).toBe('/suggest');
  });

  it('asks for no suggestions before onboarding made the profile, and says when they will show', async () => {
    store.setCurrentUser(null);
    const api = stubProfileApi();
    await renderProfile();
    expect(
      await within(section('Suggested Events')).findByText(
        'Events you suggest show here once your profile is set up.',
      ),
    ).toBeVisible();
    expect(screen.queryByText("We couldn't load your suggestions.")).not.toBeInTheDocument();
    expect(api.requestsTo('/api/me/suggestions')).toEqual([]);
  });

  it('links to the operator screen for operators only', async () => {
    const { unmount } = await renderProfile();
    await within(section('Suggested Events')).findByText(
      'Events you suggest show here with their review status.',
    );
    expect(screen.queryByRole('link', { name: 'Operator screen' })).not.toBeInTheDocument();
    unmount();

    isOperator = true;
    const { currentPath } = await renderProfile();
    await userEvent.click(await screen.findByRole('link', { name: 'Operator screen' }));
    expect(currentPath()).toBe('/operator');
  });
});
