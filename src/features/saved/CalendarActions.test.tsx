import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '../../../contract/calendarFeed.ts';
import type { Event } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { type FakeApi, stubApi } from '../../test/fakeApi.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { CalendarActions } from './CalendarActions.tsx';

const saved = [eventFixture(), eventFixture({ id: 'seed:sf-0002', title: 'Farmers Market' })];

function feedFor(secret: string): CalendarFeed {
  return {
    url: `http://localhost:3000/api/calendar/${secret}.ics`,
    webcalUrl: `webcal://localhost:3000/api/calendar/${secret}.ics`,
    rotatedAt: '2026-11-24T08:00:00.000Z',
  };
}
const first = feedFor('A'.repeat(43));
const second = feedFor('B'.repeat(43));

let api: FakeApi;
/** What GET /api/me/calendar-feed answers; POST …/rotate moves it to `second`. */
let current: Response | CalendarFeed;

beforeEach(() => {
  current = first;
  api = stubApi((url) => {
    if (url.pathname === '/api/me/calendar-feed/rotate') {
      current = second;
      return Response.json(second);
    }
    if (url.pathname === '/api/me/calendar-feed') {
      return current instanceof Response ? current : Response.json(current);
    }
    return Response.json({ error: 'not_found', message: 'no' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(
  events: readonly Event[] = saved,
  download = vi.fn(async (_events: readonly Event[]) => {}),
) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <CalendarActions events={events} download={download} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user, download };
}

async function openSubscribe(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Subscribe in your calendar' }));
  return screen.findByRole('dialog', { name: 'Subscribe in your calendar' });
}

describe('Export to Calendar', () => {
  it('says it is exporting, then downloads the saved events in list order', async () => {
    const { user, download } = setup();
    await user.click(screen.getByRole('button', { name: 'Export to Calendar' }));
    expect(await screen.findByText('Exporting saved events to calendar...')).toBeVisible();
    expect(download).toHaveBeenCalledTimes(1);
    expect(download.mock.calls[0]?.[0].map((event) => event.id)).toEqual([
      'seed:sf-0001',
      'seed:sf-0002',
    ]);
  });

  it('is disabled while there is nothing to export', () => {
    setup([]);
    expect(screen.getByRole('button', { name: 'Export to Calendar' })).toBeDisabled();
  });

  it('says so when the file could not be made', async () => {
    const failed = vi.fn(async () => {
      throw new Error('chunk failed to load');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(saved, failed);
    await user.click(screen.getByRole('button', { name: 'Export to Calendar' }));
    expect(await screen.findByText("We couldn't export your saved events.")).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Calendar export failed:', expect.any(Error));
  });
});

describe('Subscribe in your calendar', () => {
  it('shows the private link, a webcal link for calendar apps, and says who can see it', async () => {
    const { user } = setup();
    const dialog = await openSubscribe(user);
    const field = await within(dialog).findByRole('textbox', { name: 'Private calendar link' });
    expect(field).toHaveValue(first.url);
    expect(field).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      first.webcalUrl,
    );
    expect(dialog).toHaveTextContent(
      'Anyone with this link can see your saved events. Share it only with people you trust, and reset it if it gets out.',
    );
    expect(api.requestsTo('/api/me/calendar-feed')).toHaveLength(1);
  });

  it('copies the link and says so', async () => {
    const { user } = setup();
    const dialog = await openSubscribe(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Calendar link copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(first.url);
  });

  it('resets the link only after a confirmation, then shows the new one', async () => {
    const { user } = setup();
    const dialog = await openSubscribe(user);
    await within(dialog).findByRole('textbox', { name: 'Private calendar link' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    const question = within(dialog).getByRole('group', { name: 'Reset the calendar link?' });
    expect(question).toHaveTextContent('Calendars subscribed with the current link stop updating');
    expect(api.requestsTo('/api/me/calendar-feed/rotate')).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Private calendar link' })).toHaveValue(
        second.url,
      ),
    );
    expect(within(dialog).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      second.webcalUrl,
    );
    expect(api.requestsTo('/api/me/calendar-feed/rotate')).toHaveLength(1);
    expect(
      await screen.findByText('Your calendar link was reset. Subscribe again with the new link.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Reset the calendar link?' })).toBeNull();
  });

  it('keeps the link when the reset is called off', async () => {
    const { user } = setup();
    const dialog = await openSubscribe(user);
    await within(dialog).findByRole('textbox', { name: 'Private calendar link' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep this link' }));
    expect(within(dialog).queryByRole('group', { name: 'Reset the calendar link?' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Private calendar link' })).toHaveValue(
      first.url,
    );
    expect(api.requestsTo('/api/me/calendar-feed/rotate')).toHaveLength(0);
  });

  it('says what went wrong when there is no link yet, and tries again on request', async () => {
    current = Response.json(
      {
        error: 'conflict',
        message:
          'Create your FamJam profile (POST /api/users) before subscribing to your saved events.',
      },
      { status: 409 },
    );
    const { user } = setup();
    const dialog = await openSubscribe(user);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      "We couldn't get your calendar link. Create your FamJam profile (POST /api/users) before subscribing to your saved events.",
    );
    current = first;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('textbox', { name: 'Private calendar link' }),
    ).toHaveValue(first.url);
  });
});

describe('in Spanish (issue 35)', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('exports and subscribes in Spanish, and resets only after asking', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Exportar al calendario' }));
    expect(
      await screen.findByText('Exportando tus eventos guardados al calendario...'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Suscribirse en tu calendario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suscribirse en tu calendario' });
    expect(
      await within(dialog).findByRole('textbox', { name: 'Enlace privado del calendario' }),
    ).toHaveValue(first.url);
    expect(within(dialog).getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Abrir en la app de calendario' }),
    ).toBeVisible();
    expect(dialog).toHaveTextContent(
      'Cualquier persona con este enlace puede ver tus eventos guardados.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer enlace' }));
    expect(
      within(dialog).getByRole('group', { name: '¿Restablecer el enlace del calendario?' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Conservar este enlace' })).toHaveFocus();
    expect(document.body.innerHTML).not.toMatch(/\bsaved\.[a-z]+\.[a-zA-Z]/);
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer enlace' }));
    expect(
      await screen.findByText(
        'Restablecimos el enlace de tu calendario. Vuelve a suscribirte con el enlace nuevo.',
      ),
    ).toBeVisible();
  });
});
