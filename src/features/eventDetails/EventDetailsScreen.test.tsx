import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { type FakeApi, stubApi } from '../../test/fakeApi.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { EventDetailsScreen, WHAT_TO_EXPECT } from './EventDetailsScreen.tsx';

const picnic = eventFixture({
  id: 'seed:sf-0001',
  title: 'Family Jazz Picnic',
  description: 'Live jazz on the lawn.',
  // 11 AM in San Francisco.
  date: '2026-11-28T19:00:00.000Z',
  time: '11:00 AM',
  timeZone: 'America/Los_Angeles',
  price: '$25',
  tags: ['jazz', 'outdoors'],
  ticketUrl: null,
});

let api: FakeApi;
let served: Record<string, Event>;
let failWith: number | null;

beforeEach(() => {
  served = { [picnic.id]: picnic };
  failWith = null;
  document.title = 'FamJam';
  api = stubApi((url) => {
    const id = decodeURIComponent(url.pathname.replace('/api/events/', ''));
    if (failWith !== null) {
      return Response.json({ error: 'unavailable', message: 'Try later' }, { status: failWith });
    }
    const event = served[id];
    return event
      ? Response.json(event)
      : Response.json({ error: 'not_found', message: 'Event not found' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'jsdom' });
});

async function renderScreen(id: string | null, store: AppStateStore = createAppStateStore(null)) {
  const rendered = await renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <AppStateProvider store={store}>
        <ToastProvider>
          <EventDetailsScreen id={id} />
        </ToastProvider>
      </AppStateProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, store };
}

describe('EventDetailsScreen', () => {
  it('fetches the event by id and shows every part of it', async () => {
    await renderScreen(picnic.id);
    expect(screen.getByRole('status', { name: 'Loading the event' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Event Details' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Share this event' })).toBeVisible();
    expect(screen.getByText('Family Safe')).toBeVisible();
    expect(screen.getByText('Live jazz on the lawn.')).toBeVisible();
    expect(screen.getByText('Saturday, November 28, 2026')).toBeVisible();
    expect(screen.getByText('11:00 AM')).toBeVisible();
    expect(screen.getByText(picnic.venue)).toBeVisible();
    expect(screen.getByText(picnic.address)).toBeVisible();
    expect(screen.getByText('$25')).toBeVisible();
    expect(screen.getByText('No ticket required')).toBeVisible();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['jazz', 'outdoors', 'Family Friendly']);
    const expectations = screen.getByRole('region', { name: 'What to Expect' });
    expect(
      within(expectations)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...WHAT_TO_EXPECT]);
    expect(api.requestsTo('/api/events/seed%3Asf-0001')).toHaveLength(1);
    expect(document.title).toBe('Family Jazz Picnic · FamJam');
  });

  it('offers Add to Calendar, a Google Calendar link of 2 hours, only without a ticket link', async () => {
    await renderScreen(picnic.id);
    const link = await screen.findByRole('link', { name: 'Add to Calendar' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.searchParams.get('text')).toBe('Family Jazz Picnic');
    expect(url.searchParams.get('dates')).toBe('20261128T190000Z/20261128T210000Z');
    expect(url.searchParams.get('location')).toBe(picnic.venue);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /^Get Tickets/ })).toBeNull();
  });

  it('shows a green Get Tickets link with the price, opening in a new tab', async () => {
    served[picnic.id] = { ...picnic, ticketUrl: 'https://tickets.example/jazz' };
    await renderScreen(picnic.id);
    const link = await screen.findByRole('link', { name: 'Get Tickets - $25' });
    expect(link).toHaveAttribute('href', 'https://tickets.example/jazz');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Ticket required')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add to Calendar' })).toBeNull();
  });

  it("says 'See Pricing' on Get Tickets and FREE on the price card for a free event", async () => {
    served[picnic.id] = { ...picnic, price: 'Free', ticketUrl: 'https://tickets.example/rsvp' };
    await renderScreen(picnic.id);
    expect(await screen.findByRole('link', { name: 'Get Tickets - See Pricing' })).toBeVisible();
    expect(screen.getByText('FREE')).toBeVisible();
  });

  it('shows the event chosen in app state without asking the server', async () => {
    const store = createAppStateStore(null);
    store.setSelectedEvent({ ...picnic, id: 'seed:sf-0777', title: 'Shake Pick' });
    await renderScreen(null, store);
    expect(screen.getByRole('heading', { level: 2, name: 'Shake Pick' })).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('fetches when the id asked for is not the one in app state', async () => {
    const store = createAppStateStore(null);
    store.setSelectedEvent({ ...picnic, id: 'seed:sf-0777', title: 'Shake Pick' });
    await renderScreen(picnic.id, store);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' }),
    ).toBeVisible();
  });

  it("says 'Event not found' with Go Home for an unknown id", async () => {
    const { currentPath } = await renderScreen('seed:nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    expect(document.title).toBe('Event not found · FamJam');
    await userEvent.click(screen.getByRole('link', { name: 'Go Home' }));
    expect(currentPath()).toBe('/');
  });

  it('says so when there is neither an id nor an event in app state', async () => {
    await renderScreen(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('explains any other failure and retries on request', async () => {
    failWith = 503;
    await renderScreen(picnic.id);
    // The API's own sentence, never the raw status and JSON body.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this event. Try later");
    expect(alert).not.toHaveTextContent('503');
    failWith = null;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' }),
    ).toBeVisible();
  });

  it('saves and unsaves with the heart, in the same app state as the cards', async () => {
    const { store } = await renderScreen(picnic.id);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Family Jazz Picnic' }));
    await waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual([picnic.id]));
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Family Jazz Picnic from saved' }),
    );
    await waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual([]));
  });

  it('Invite Friends copies the event link and says so when there is no share sheet', async () => {
    const user = userEvent.setup();
    await renderScreen(picnic.id);
    await user.click(await screen.findByRole('button', { name: 'Invite Friends' }));
    // The toast region is its own lazily loaded chunk: the setup's wait limit covers a busy machine.
    expect(await screen.findByText('Event link copied to clipboard!')).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/event/seed%3Asf-0001`,
    );
  });
});

describe('Directions', () => {
  it('offers two map services; Cancel opens nothing, a choice opens that service', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderScreen(picnic.id);
    // One Directions button, on the venue card.
    await userEvent.click(await screen.findByRole('button', { name: 'Directions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Directions' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      '', // the dialog's close icon, named by aria-label
      'Open in Google Maps',
      'Open in Waze',
      'Cancel',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Directions' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open in Waze' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe('https://waze.com/ul?ll=37.7694%2C-122.4662&navigate=yes');
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
  });

  it('on iOS asks for a number from 1 to 3 and opens nothing for anything else', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    await renderScreen(picnic.id);
    await user.click(await screen.findByRole('button', { name: 'Directions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Directions' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Google Maps', 'Waze', 'Apple Maps']);
    const field = within(dialog).getByRole('textbox', { name: 'Map app number (1 to 3)' });
    for (const answer of ['4', '0', 'two', '1.5']) {
      await user.clear(field);
      await user.type(field, `${answer}{Enter}`);
      expect(within(dialog).getByText('That is not one of the 3 choices.')).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(open).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(new URL(String(open.mock.calls[0]?.[0])).origin).toBe('https://maps.apple.com');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Four typed answers through a real dialog: slower than the 5 s default on a busy machine.
  }, 20_000);

  it('shows the fetched picture in every width and format', async () => {
    const pictureId = 'b'.repeat(64);
    served[picnic.id] = { ...picnic, imageId: pictureId };
    const { container } = await renderScreen(picnic.id);
    await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' });
    const source = container.querySelector('picture > source[type="image/webp"]');
    expect(source?.getAttribute('srcset')).toContain(`/pictures/${pictureId}/1200.webp 1200w`);
    const image = container.querySelector('picture > img');
    expect(image).toHaveAttribute('src', `/pictures/${pictureId}/800.jpeg`);
    expect(image).toHaveAttribute('loading', 'eager');
  });

  it("says 'Cancelled' by the title and the date, and invites nobody to go", async () => {
    served[picnic.id] = {
      ...picnic,
      cancelled: true,
      ticketUrl: 'https://tickets.example/jazz',
    };
    await renderScreen(picnic.id);
    await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' });
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(screen.getByText('Cancelled: it will not take place')).toBeVisible();
    expect(screen.getByText('Saturday, November 28, 2026')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This event was cancelled, so there are no tickets to get and nothing to add to your calendar.',
    );
    expect(screen.queryByRole('link', { name: /^Get Tickets/ })).toBeNull();
    // The price card no longer says a ticket is required.
    expect(screen.getByText('No tickets on sale')).toBeVisible();
    expect(screen.queryByText('Ticket required')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add to Calendar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite Friends' })).toBeNull();
    // Sharing stays: a family can tell others it is off.
    expect(screen.getByRole('button', { name: 'Share this event' })).toBeVisible();
  });
});

describe('the venue map (issue 33)', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('shows a lazy static map of the venue above Directions, sized before it loads', async () => {
    await renderScreen(picnic.id);
    const map = await screen.findByRole('img', { name: 'Map of Golden Gate Park Bandshell' });
    expect(map).toHaveAttribute('loading', 'lazy');
    expect(map).toHaveAttribute('decoding', 'async');
    expect(map).toHaveAttribute('width', '360');
    expect(map).toHaveAttribute('height', '162');
    expect(map.getAttribute('srcset')?.split(', ')).toEqual([
      '/maps/static/light/360/37.76940/-122.46620.webp 360w',
      '/maps/static/light/720/37.76940/-122.46620.webp 720w',
      '/maps/static/light/1080/37.76940/-122.46620.webp 1080w',
    ]);
    expect(map).toHaveAttribute('sizes');
    const directions = screen.getByRole('button', { name: 'Directions' });
    expect(map.compareDocumentPosition(directions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("draws the dark map in dark mode, following the page's theme", async () => {
    document.documentElement.dataset.theme = 'dark';
    await renderScreen(picnic.id);
    const map = await screen.findByRole('img', { name: 'Map of Golden Gate Park Bandshell' });
    expect(map.getAttribute('src')).toBe('/maps/static/dark/360/37.76940/-122.46620.webp');
    document.documentElement.dataset.theme = 'light';
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Map of Golden Gate Park Bandshell' }).getAttribute('src'),
      ).toBe('/maps/static/light/360/37.76940/-122.46620.webp'),
    );
  });

  it('takes the map away when its picture cannot load: no broken image', async () => {
    await renderScreen(picnic.id);
    const map = await screen.findByRole('img', { name: 'Map of Golden Gate Park Bandshell' });
    fireEvent.error(map);
    expect(screen.queryByRole('img', { name: /^Map of / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Directions' })).toBeVisible();
  });
});

describe('in Spanish (issue 35)', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  /** No text id shows, in the text or in an accessible name. */
  const expectNoIds = () => {
    expect(document.body.textContent).not.toMatch(/\beventDetails\.[a-zA-Z]/);
    expect(document.body.innerHTML).not.toMatch(/\beventDetails\.[a-zA-Z]/);
  };

  it('shows every part of the page in Spanish, the event itself as its source wrote it', async () => {
    await renderScreen(picnic.id);
    expect(screen.getByRole('status', { name: 'Cargando el evento' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Family Jazz Picnic' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Detalles del evento' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Compartir este evento' })).toBeVisible();
    expect(screen.getByText('Apto para familias')).toBeVisible();
    expect(screen.getByText('Live jazz on the lawn.')).toBeVisible();
    for (const label of ['Fecha', 'Lugar', 'Precio']) expect(screen.getByText(label)).toBeVisible();
    expect(screen.getByText('$25')).toBeVisible();
    expect(screen.getByText('No se necesita boleto')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Mapa de Golden Gate Park Bandshell' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cómo llegar' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Agregar al calendario' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invitar a amigos' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Etiquetas' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['jazz', 'outdoors', 'Para toda la familia']);
    expect(
      within(screen.getByRole('region', { name: 'Qué te espera' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Espectáculos en vivo y entretenimiento para toda la familia',
      'Opciones de comida',
      'Actividades para todas las edades',
      'Estacionamiento y transporte cerca',
    ]);
    expectNoIds();
  });

  it('words the age badge, FREE and Get Tickets in Spanish', async () => {
    served[picnic.id] = {
      ...picnic,
      price: 'Free',
      minAge: 3,
      maxAge: 8,
      ticketUrl: 'https://tickets.example/rsvp',
    };
    await renderScreen(picnic.id);
    expect(
      await screen.findByRole('link', { name: 'Conseguir boletos - Ver precios' }),
    ).toBeVisible();
    expect(screen.getByText('GRATIS')).toBeVisible();
    expect(screen.getByText('De 3 a 8 años')).toBeVisible();
    expect(screen.getByText('Se necesita boleto')).toBeVisible();
    expectNoIds();
  });

  it('says a cancelled event is off in Spanish', async () => {
    served[picnic.id] = { ...picnic, cancelled: true, minAge: 21, maxAge: null };
    await renderScreen(picnic.id);
    expect(await screen.findByText('Cancelado: no se llevará a cabo')).toBeVisible();
    expect(screen.getByText('Cancelado')).toBeVisible();
    expect(screen.getByText('21+')).toBeVisible();
    expect(screen.getByText('No hay boletos a la venta')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Este evento se canceló, así que no hay boletos que conseguir ni nada que agregar a tu calendario.',
    );
    expect(screen.queryByRole('button', { name: 'Invitar a amigos' })).toBeNull();
    expectNoIds();
  });

  it("says 'No encontramos el evento' with Ir al inicio for an unknown id", async () => {
    await renderScreen('seed:nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos el evento' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('No encontramos el evento · FamJam');
    expectNoIds();
  });

  it('Invitar a amigos says in Spanish that the link was copied', async () => {
    const user = userEvent.setup();
    await renderScreen(picnic.id);
    await user.click(await screen.findByRole('button', { name: 'Invitar a amigos' }));
    expect(await screen.findByText('¡Enlace del evento copiado al portapapeles!')).toBeVisible();
  });

  it('asks which map app in Spanish, by buttons or (iOS) by number', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { unmount } = await renderScreen(picnic.id);
    await user.click(await screen.findByRole('button', { name: 'Cómo llegar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cómo llegar' });
    expect(
      within(dialog).getByText('Ver cómo llegar a Golden Gate Park Bandshell en:'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Abrir en Google Maps' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Abrir en Waze' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
    });
    await renderScreen(picnic.id);
    await user.click(await screen.findByRole('button', { name: 'Cómo llegar' }));
    dialog = await screen.findByRole('dialog', { name: 'Cómo llegar' });
    const field = within(dialog).getByRole('textbox', {
      name: 'Número de la app de mapas (del 1 al 3)',
    });
    expect(field).toHaveAccessibleDescription('Escribe un número del 1 al 3.');
    await user.type(field, '4{Enter}');
    expect(
      within(dialog).getByText('Ese número no corresponde a ninguna de las 3 opciones.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Abrir' })).toBeVisible();
    expectNoIds();
  }, 20_000);
});
