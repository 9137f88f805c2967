import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCachedList } from '../../api/offlineCache.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { ThemeProvider } from '../../app/theme.tsx';
import { eventFixture } from '../../test/fixtures.ts';
import { signedInAuth, signedOutAuth, testAuth } from '../../test/testAuth.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { renderWithRouter, stubColorScheme } from '../../ui/test-utils.tsx';
import { AppShell } from './AppShell.tsx';
import { NotFound } from './NotFound.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

function renderShell(children: React.ReactNode, path = '/', focused = false) {
  return renderWithRouter(
    // The header reads the bell's list and the photo from the query cache.
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <AppStateProvider store={createAppStateStore(null)}>
          <AppShell focused={focused}>{children}</AppShell>
        </AppStateProvider>
      </ThemeProvider>
    </QueryClientProvider>,
    { path },
  );
}

beforeEach(() => {
  stubColorScheme(false);
  testAuth.current = signedInAuth();
});

describe('AppShell', () => {
  it('signed in: header, the page in the main landmark, footer and bottom navigation', async () => {
    await renderShell(<h1>Home page</h1>);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('heading', { name: 'Home page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Search', 'Saved', 'Profile']);
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('in a flow to finish first (onboarding): no bottom navigation and no Family Safe switch', async () => {
    await renderShell(<h1>Welcome</h1>, '/onboarding', true);
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    // What does not lead away stays: the account menu, the theme and the location.
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /San Francisco, CA/ })).toBeInTheDocument();
  });

  it('signed out: a sign-in icon instead of the avatar, and no bottom navigation', async () => {
    testAuth.current = signedOutAuth();
    await renderShell(<h1>Privacy Policy</h1>, '/privacy-policy');
    expect(screen.getByRole('main')).toHaveTextContent('Privacy Policy');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });

  it('offers a skip link to the main content', async () => {
    await renderShell(<p>content</p>);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

describe('offline banner', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    localStorage.clear();
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const goOffline = () =>
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
  const goOnline = () =>
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
  // The banner's live region is there (empty) once its lazy chunk has loaded.
  const bannerRegion = () => screen.findByRole('status', { name: 'Connection' });

  it('appears when the browser goes offline and hides when it is back', async () => {
    await renderShell(<h1>Home page</h1>);
    const region = await bannerRegion();
    expect(region).toHaveTextContent('');
    await goOffline();
    expect(region).toHaveTextContent('Limited content available without internet');
    await goOnline();
    expect(region).toHaveTextContent('');
  });

  it('says previously loaded content is shown when events are cached, and follows new writes', async () => {
    writeCachedList('events', [eventFixture()], false);
    await renderShell(<h1>Home page</h1>);
    const region = await bannerRegion();
    await goOffline();
    expect(region).toHaveTextContent('Showing previously loaded content');
    await act(() => writeCachedList('events', [], false));
    expect(region).toHaveTextContent('Limited content available without internet');
  });

  it('shows at once on a page opened offline', async () => {
    online = false;
    await renderShell(<h1>Home page</h1>);
    expect(await bannerRegion()).toHaveTextContent('Limited content available without internet');
  });

  it('is not shown to signed-out visitors', async () => {
    testAuth.current = signedOutAuth();
    online = false;
    await renderShell(<h1>Privacy</h1>);
    await goOffline();
    expect(screen.queryByText('Limited content available without internet')).toBeNull();
  });
});

describe('BottomNav', () => {
  it.each([
    ['/', 'Home'],
    ['/search', 'Search'],
    ['/saved', 'Saved'],
    ['/profile', 'Profile'],
  ])('on %s marks only %s as the current page', async (path, current) => {
    await renderShell(null, path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) {
      if (link.textContent === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('links to the four destinations', async () => {
    await renderShell(null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/search', '/saved', '/profile']);
  });
});

describe('Footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("links to Privacy and Terms and carries a copyright line of this year's", async () => {
    // The first minutes of a year: the line follows the clock, not the year the code was built.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 1, 0, 5));
    await renderShell(null);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(footer).toHaveTextContent('© 2027 FamJam');
  });
});

describe('NotFound', () => {
  it('shows the texts docs/product.md gives and a way home', async () => {
    await renderWithRouter(<NotFound />, { path: '/profile' });
    expect(
      screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});

describe('LoadingScreen', () => {
  it("is a page of its own with a status holding a spinner and 'Loading...'", async () => {
    await renderWithRouter(<LoadingScreen />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(within(status).getByTestId('spinner')).toBeInTheDocument();
  });
});
