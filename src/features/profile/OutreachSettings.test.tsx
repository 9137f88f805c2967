import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import type { OutreachSettings, WatchedSearch } from '../../../contract/outreach.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { ThemeProvider } from '../../app/theme.tsx';
import { type SentRequest, stubApiWrites } from '../../test/fakeApi.ts';
import { samUserRecord, testClientConfig } from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import {
  PUSH_DENIED_TEXT,
  PUSH_LIMITS_TEXT,
  PUSH_UNSUPPORTED_TEXT,
  pushKindSwitches,
} from './OutreachSettings.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';
import type { DevicePushSubscription, PushBrowser } from './pushDevice.ts';
import { NO_WATCHED_SEARCHES_TEXT } from './WatchedSearches.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

const VAPID_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.test/send/device-1';
const DEVICE_ZONE = 'America/Chicago';

let settings: OutreachSettings;
let watched: WatchedSearch[];
let sent: SentRequest[];

function watchedSearch(overrides: Partial<WatchedSearch>): WatchedSearch {
  return {
    id: '4c1c5b5e-0000-4000-8000-000000000001',
    name: 'music · Within 5 mi',
    filters: { query: 'music', location: 'Oakland, CA', radiusKm: 8.05 },
    state: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The API as the contract describes it (contract/outreach.ts), keeping what is written. */
function stubOutreachApi() {
  ({ sent } = stubApiWrites(({ method, path, body }) => {
    if (path === '/api/me/outreach') {
      if (method === 'PUT') {
        const update = body as Partial<OutreachSettings>;
        settings = { ...settings, ...update, push: { ...settings.push, ...update.push } };
      }
      return Response.json(settings);
    }
    if (path === '/api/me/push-subscriptions') {
      settings = { ...settings, pushDevices: method === 'PUT' ? 1 : 0 };
      return new Response(null, { status: 204 });
    }
    if (path === '/api/me/watched-searches') return Response.json({ searches: watched, limit: 10 });
    if (path.startsWith('/api/me/watched-searches/')) {
      const id = path.split('/').at(-1);
      watched =
        method === 'DELETE'
          ? watched.filter((search) => search.id !== id)
          : watched.map((search) =>
              search.id === id ? { ...search, ...(body as Partial<WatchedSearch>) } : search,
            );
      return new Response(null, { status: 204 });
    }
    if (path === '/api/me/outreach/weekly-email-preview') {
      return settings.weeklyEmail
        ? Response.json({ sent: true, subject: 'This weekend for your family: 6 events near SF' })
        : Response.json({ message: 'Turn on the weekly email first.' }, { status: 409 });
    }
    if (path === '/api/me/suggestions') return Response.json({ suggestions: [] });
    if (path === '/api/me/role') return Response.json({ operator: false });
    return Response.json({ message: 'not here' }, { status: 404 });
  }));
}

const writes = (path: string) =>
  sent.filter((request) => request.path === path && request.method !== 'GET');

/** A browser whose permission and subscription the test sets; the prompt answers `answer`. */
function fakeDevice({
  supported = true,
  permission = 'default' as NotificationPermission,
  subscribed = false,
  answer = 'granted' as NotificationPermission,
} = {}) {
  const state = { permission, subscription: null as DevicePushSubscription | null };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const makeSubscription = (): DevicePushSubscription => ({
    endpoint: ENDPOINT,
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' },
    }),
    unsubscribe,
  });
  if (subscribed) state.subscription = makeSubscription();
  const device = {
    supported,
    permission: () => state.permission,
    requestPermission: vi.fn(async () => {
      // A browser asks only while the answer is 'default'; otherwise it answers at once.
      if (state.permission === 'default') state.permission = answer;
      return state.permission;
    }),
    currentSubscription: async () => state.subscription,
    subscribe: vi.fn(async (_key: string) => {
      state.subscription = makeSubscription();
      return state.subscription;
    }),
  } satisfies PushBrowser;
  return { device, state, unsubscribe };
}

async function renderProfile(device: PushBrowser) {
  const config = { ...testClientConfig, push: { vapidPublicKey: VAPID_KEY } } as ClientConfig;
  const store = createAppStateStore(null);
  store.setCurrentUser(samUserRecord);
  const rendered = await renderWithRouter(
    <ClientConfigProvider config={config}>
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <ToastProvider>
            <AppStateProvider store={store}>
              <ProfileScreen pushBrowser={device} />
            </AppStateProvider>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </ClientConfigProvider>,
    { path: '/profile' },
  );
  return { ...rendered, store };
}

const pushSwitch = () => screen.getByRole('switch', { name: 'Push Notifications' });
const pushStatus = () =>
  within(screen.getByRole('region', { name: 'Settings' })).getByRole('status');

beforeEach(() => {
  localStorage.clear();
  stubColorScheme(false);
  testAuth.current = signedInAuth();
  settings = {
    push: { changes: true, reminders: true, concerts: true, watched: true },
    weeklyEmail: false,
    weeklyEmailOffered: true,
    familySafe: true,
    radius: null,
    timeZone: 'America/Los_Angeles',
    pushDevices: 0,
  };
  watched = [];
  stubOutreachApi();
  // The device's zone is an input of the subscription: set, not the machine's.
  const resolved = Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...resolved,
    timeZone: DEVICE_ZONE,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Profile: Push Notifications on this device', () => {
  it('asks nothing on load; a tap asks, subscribes with the server key and stores it with the zone', async () => {
    const { device } = fakeDevice();
    await renderProfile(device);
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushSwitch()).not.toBeChecked();
    expect(device.requestPermission).not.toHaveBeenCalled();
    // The kinds show only once push is on here.
    expect(screen.queryByRole('group', { name: 'Notify me about' })).not.toBeInTheDocument();

    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(device.requestPermission).toHaveBeenCalledTimes(1);
    expect(device.subscribe).toHaveBeenCalledWith(VAPID_KEY);
    expect(writes('/api/me/push-subscriptions')).toEqual([
      {
        method: 'PUT',
        path: '/api/me/push-subscriptions',
        body: {
          endpoint: ENDPOINT,
          keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' },
          timeZone: DEVICE_ZONE,
        },
      },
    ]);
    const kinds = await screen.findByRole('group', { name: 'Notify me about' });
    for (const { label } of Object.values(pushKindSwitches)) {
      expect(within(kinds).getByRole('switch', { name: label })).toBeChecked();
    }
    expect(kinds).toHaveTextContent(PUSH_LIMITS_TEXT);
    expect(PUSH_LIMITS_TEXT).toBe(
      'At most 4 a day, and none from 9 PM to 8 AM your time; the rest wait in the bell.',
    );
    expect(pushStatus()).toBeEmptyDOMElement();
  });

  it('shows on when this device is subscribed and allowed, and turning it off unsubscribes and deletes it', async () => {
    const { device, unsubscribe } = fakeDevice({ permission: 'granted', subscribed: true });
    await renderProfile(device);
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(writes('/api/me/push-subscriptions')).toEqual([
      // On opening: the device's subscription sent again, so the server has it with this zone.
      {
        method: 'PUT',
        path: '/api/me/push-subscriptions',
        body: {
          endpoint: ENDPOINT,
          keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' },
          timeZone: DEVICE_ZONE,
        },
      },
      { method: 'DELETE', path: '/api/me/push-subscriptions', body: { endpoint: ENDPOINT } },
    ]);
    expect(screen.queryByRole('group', { name: 'Notify me about' })).not.toBeInTheDocument();
    expect(device.requestPermission).not.toHaveBeenCalled();
  });

  it("shows off, and drops the browser's subscription, when the server says it is another account's", async () => {
    const { device, unsubscribe } = fakeDevice({ permission: 'granted', subscribed: true });
    stubApiWrites(({ path }) =>
      path === '/api/me/push-subscriptions'
        ? Response.json(
            { message: 'This push subscription belongs to another account.' },
            { status: 409 },
          )
        : path === '/api/me/outreach'
          ? Response.json(settings)
          : path === '/api/me/watched-searches'
            ? Response.json({ searches: [], limit: 10 })
            : Response.json({ message: 'not here' }, { status: 404 }),
    );
    await renderProfile(device);
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushSwitch()).not.toBeChecked();
  });

  it('says in words that notifications are blocked, and how to allow them', async () => {
    const { device, state } = fakeDevice({ permission: 'denied' });
    await renderProfile(device);
    await waitFor(() => expect(pushStatus()).toHaveTextContent(PUSH_DENIED_TEXT));
    expect(PUSH_DENIED_TEXT).toBe(
      'Notifications are blocked for FamJam in this browser. Allow them in the site settings, then try again.',
    );
    expect(pushSwitch()).not.toBeChecked();
    // Still blocked: the tap changes nothing and the words stay.
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushStatus()).toHaveTextContent(PUSH_DENIED_TEXT));
    expect(device.subscribe).not.toHaveBeenCalled();
    // Allowed in the site settings: the next tap turns it on.
    state.permission = 'granted';
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await waitFor(() => expect(pushStatus()).toBeEmptyDOMElement());
    expect(device.subscribe).toHaveBeenCalledTimes(1);
  });

  it('a refused prompt says it is blocked; a dismissed one just stays off', async () => {
    const refused = fakeDevice({ answer: 'denied' });
    const { unmount } = await renderProfile(refused.device);
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushStatus()).toHaveTextContent(PUSH_DENIED_TEXT));
    unmount();

    const dismissed = fakeDevice({ answer: 'default' });
    await renderProfile(dismissed.device);
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await userEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushStatus()).toBeEmptyDOMElement();
    expect(dismissed.device.subscribe).not.toHaveBeenCalled();
  });

  it('says in words when this browser cannot receive notifications, and the switch is off', async () => {
    const { device } = fakeDevice({ supported: false });
    await renderProfile(device);
    await waitFor(() => expect(pushStatus()).toHaveTextContent(PUSH_UNSUPPORTED_TEXT));
    expect(PUSH_UNSUPPORTED_TEXT).toContain('add FamJam to your Home Screen');
    expect(pushSwitch()).toBeDisabled();
    expect(pushSwitch()).not.toBeChecked();
  });

  it('a subscription the server refuses is undone in the browser, and the reason shown', async () => {
    const { device, unsubscribe } = fakeDevice();
    stubApiWrites(({ path }) =>
      path === '/api/me/push-subscriptions'
        ? Response.json({ message: 'Set up your profile first.' }, { status: 409 })
        : path === '/api/me/outreach'
          ? Response.json(settings)
          : Response.json({ searches: [], limit: 10, suggestions: [], operator: false }),
    );
    await renderProfile(device);
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await userEvent.click(pushSwitch());
    await waitFor(() =>
      expect(pushStatus()).toHaveTextContent(
        "Notifications couldn't be changed on this device. Set up your profile first.",
      ),
    );
    expect(pushSwitch()).not.toBeChecked();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('Profile: what is pushed, and the weekly email', () => {
  it('each kind switch sends only its own change', async () => {
    const { device } = fakeDevice({ permission: 'granted', subscribed: true });
    await renderProfile(device);
    const kinds = await screen.findByRole('group', { name: 'Notify me about' });
    await userEvent.click(within(kinds).getByRole('switch', { name: 'Reminders the day before' }));
    await waitFor(() =>
      expect(
        within(kinds).getByRole('switch', { name: 'Reminders the day before' }),
      ).not.toBeChecked(),
    );
    await userEvent.click(
      within(kinds).getByRole('switch', { name: 'New events for watched searches' }),
    );
    await waitFor(() => expect(writes('/api/me/outreach')).toHaveLength(2));
    expect(writes('/api/me/outreach').map((request) => request.body)).toEqual([
      { push: { reminders: false } },
      { push: { watched: false } },
    ]);
    expect(
      within(kinds).getByRole('switch', { name: 'Reminders the day before' }),
    ).toHaveAccessibleDescription('At 5 PM the day before a saved event');
  });

  it("the weekly email switch turns the Thursday email on with this device's Family Safe and radius, and says so", async () => {
    const { device } = fakeDevice();
    const { store } = await renderProfile(device);
    act(() => {
      store.setFamilyMode(false);
      store.setFamilyRadius('5mi');
    });
    const weekly = await screen.findByRole('switch', { name: 'Weekly email' });
    expect(weekly).not.toBeChecked();
    expect(weekly).toHaveAccessibleDescription("'This weekend for your family', every Thursday");
    await userEvent.click(weekly);
    await waitFor(() => expect(weekly).toBeChecked());
    expect(writes('/api/me/outreach').map((request) => request.body)).toEqual([
      { weeklyEmail: true, weeklyEmailOffered: true, familySafe: false, radius: '5mi' },
    ]);
    expect(
      await screen.findByText('Picked with Family Safe off, within 5 mi, as last set in the app.'),
    ).toBeInTheDocument();
    // Turning it off sends only that: the choices stay as they were.
    await userEvent.click(weekly);
    await waitFor(() => expect(weekly).not.toBeChecked());
    expect(writes('/api/me/outreach').at(-1)?.body).toEqual({
      weeklyEmail: false,
      weeklyEmailOffered: true,
    });
  });

  it('says what the email is picked with as another device last set it', async () => {
    settings = { ...settings, weeklyEmail: true };
    await renderProfile(fakeDevice().device);
    expect(
      await screen.findByText(
        'Picked with Family Safe on, at the usual distance, as last set in the app.',
      ),
    ).toBeInTheDocument();
  });

  it("offers this week's email now once it is on, and says it was sent", async () => {
    const { device } = fakeDevice();
    await renderProfile(device);
    const weekly = await screen.findByRole('switch', { name: 'Weekly email' });
    expect(screen.queryByRole('button', { name: "Send me this week's email now" })).toBeNull();
    await userEvent.click(weekly);
    await userEvent.click(
      await screen.findByRole('button', { name: "Send me this week's email now" }),
    );
    expect(await screen.findByText('Sent to your email')).toBeInTheDocument();
    expect(screen.getByText('This weekend for your family: 6 events near SF')).toBeInTheDocument();
    expect(writes('/api/me/outreach/weekly-email-preview')).toHaveLength(1);
  });

  it('a refused change goes back and says why', async () => {
    const { device } = fakeDevice();
    await renderProfile(device);
    const weekly = await screen.findByRole('switch', { name: 'Weekly email' });
    stubApiWrites(() => Response.json({ message: 'The server is busy.' }, { status: 503 }));
    await userEvent.click(weekly);
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
    await waitFor(() => expect(weekly).not.toBeChecked());
  });
});

describe('Profile: watched searches', () => {
  const watchedList = () => screen.getByRole('list', { name: 'Watched searches' });

  it('says how to add one while there are none', async () => {
    await renderProfile(fakeDevice().device);
    const region = screen.getByRole('region', { name: 'Watched searches' });
    await waitFor(() => expect(region).toHaveTextContent(NO_WATCHED_SEARCHES_TEXT));
  });

  it('pauses, resumes and deletes one, each control named for its search', async () => {
    watched = [
      watchedSearch({}),
      watchedSearch({ id: '4c1c5b5e-0000-4000-8000-000000000002', name: 'Free · This Weekend' }),
    ];
    await renderProfile(fakeDevice().device);
    await screen.findByRole('list', { name: 'Watched searches' });
    expect(screen.getByText('2 of 10 kept.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pause music · Within 5 mi' }));
    const resume = await screen.findByRole('button', { name: 'Resume music · Within 5 mi' });
    expect(within(watchedList()).getAllByRole('listitem')[0]).toHaveTextContent('Paused');
    await userEvent.click(resume);
    await screen.findByRole('button', { name: 'Pause music · Within 5 mi' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Free · This Weekend' }));
    await waitFor(() => expect(within(watchedList()).getAllByRole('listitem')).toHaveLength(1));
    expect(
      sent.filter((request) => request.method !== 'GET' && request.path.includes('watched')),
    ).toEqual([
      {
        method: 'PATCH',
        path: '/api/me/watched-searches/4c1c5b5e-0000-4000-8000-000000000001',
        body: { state: 'paused' },
      },
      {
        method: 'PATCH',
        path: '/api/me/watched-searches/4c1c5b5e-0000-4000-8000-000000000001',
        body: { state: 'active' },
      },
      {
        method: 'DELETE',
        path: '/api/me/watched-searches/4c1c5b5e-0000-4000-8000-000000000002',
        body: null,
      },
    ]);
  });

  it('renames one in a small dialog', async () => {
    watched = [watchedSearch({})];
    await renderProfile(fakeDevice().device);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rename music · Within 5 mi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename watched search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(name, '  Jazz nearby ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Rename watched search' }),
      ).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Rename Jazz nearby' })).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Jazz nearby',
    });
  });
});
