import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { type FakeApi, stubApi, unknownPlaceResponse } from '../../test/fakeApi.ts';
import { ToastProvider } from '../../ui/index.ts';
import { LocationDialog } from './LocationDialog.tsx';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

let store: AppStateStore;
let onOpenChange: ReturnType<typeof vi.fn<(isOpen: boolean) => void>>;
let api: FakeApi;

/** What the fake API knows: every place it resolves, and so suggests. */
const knownPlaces = [
  'Oakland, CA',
  'Oak Park, IL',
  'Oak Ridge, TN',
  'Berkeley, CA',
  'Seattle, WA',
  '94110',
];

/** The API as far as the dialog uses it: reverse geocoding, suggestions, a place check. */
function placesApi(url: URL): Response {
  const param = (name: string) => url.searchParams.get(name) ?? '';
  switch (url.pathname) {
    case '/api/geo/reverse':
      return Response.json({
        label: Number(param('lat')) > 45 ? 'Seattle, WA' : 'San Francisco, CA',
        latitude: Number(param('lat')),
        longitude: Number(param('lon')),
        timeZone: 'America/Los_Angeles',
      });
    case '/api/geo/suggest': {
      const typed = param('q').toLowerCase();
      return Response.json({
        suggestions: knownPlaces.filter((place) => place.toLowerCase().startsWith(typed)),
      });
    }
    case '/api/events/categories': {
      const place = param('location');
      return knownPlaces.includes(place)
        ? Response.json({ categories: [], location: place })
        : unknownPlaceResponse(place);
    }
    default:
      return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  }
}

function stubGeolocation(
  answer: (success: Success, failure: Failure, options: PositionOptions) => void,
) {
  const getCurrentPosition = vi.fn(answer);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

/** Renders the open dialog and waits for it: a dialog's code loads with its first opening. */
async function renderDialog() {
  const rendered = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AppStateProvider store={store}>
          <LocationDialog isOpen onOpenChange={onOpenChange} />
        </AppStateProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog', { name: 'Set your location' });
  return rendered;
}

const detectButton = () => screen.getByRole('button', { name: 'Use my current location' });
/**
 * While the suggestion list is open, react-aria hides the rest of the dialog from assistive tech
 * (the combobox pattern: the name of a hidden button is empty), yet a pointer still reaches Set.
 */
function setButton(): HTMLElement {
  const button = screen
    .getAllByRole('button', { hidden: true })
    .find((candidate) => candidate.textContent === 'Set');
  if (!button) throw new Error('no Set button');
  return button;
}
const manualField = () => screen.getByRole('combobox', { name: 'City, neighbourhood or ZIP code' });
const unknownPlaceMessage = (place: string) =>
  `We couldn't find the place "${place}". Try a city name, ZIP code or 'lat, lon'.`;

beforeEach(() => {
  store = createAppStateStore(null);
  onOpenChange = vi.fn<(isOpen: boolean) => void>();
  api = stubApi(placesApi);
});

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  vi.unstubAllGlobals();
});

// Typing into react-aria's combobox in jsdom renders on every key; with the suggestion debounce
// a test takes 1 to 4 s on the shared 2-core machine: the unit project's testTimeout
// (vitest.config.ts) allows for that on a loaded machine.
describe('LocationDialog, manual entry', () => {
  it('is a dialog showing the current location', async () => {
    await renderDialog();
    expect(screen.getByRole('dialog', { name: 'Set your location' })).toHaveTextContent(
      'Showing events near San Francisco, CA',
    );
  });

  it('shows the coordinates of a GPS location with 2 decimals', async () => {
    store.setLocation('Seattle, WA', { latitude: 47.6062, longitude: -122.3321 });
    await renderDialog();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Showing events near Seattle, WA (47.61, -122.33)',
    );
  });

  it('keeps Set disabled while the text is blank after trimming', async () => {
    await renderDialog();
    expect(setButton()).toBeDisabled();
    await userEvent.type(manualField(), '   ');
    expect(setButton()).toBeDisabled();
    await userEvent.type(manualField(), 'Oakland');
    expect(setButton()).toBeEnabled();
  });

  it('Set checks the place with the API, stores the trimmed text, says so and closes', async () => {
    store.setLocation('Seattle, WA', { latitude: 47.61, longitude: -122.33 });
    await renderDialog();
    await userEvent.type(manualField(), '  Berkeley, CA  ');
    await userEvent.click(setButton());
    expect(await screen.findByText('Location set to Berkeley, CA')).toBeInTheDocument();
    expect(store.getSnapshot()).toMatchObject({
      location: 'Berkeley, CA',
      locationCoordinates: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(api.requestsTo('/api/events/categories').at(-1)?.searchParams.get('location')).toBe(
      'Berkeley, CA',
    );
  });

  it('Enter submits, but not while blank', async () => {
    await renderDialog();
    await userEvent.type(manualField(), '  {Enter}');
    expect(api.requestsTo('/api/events/categories')).toHaveLength(0);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    await userEvent.type(manualField(), '94110{Enter}');
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(store.getSnapshot().location).toBe('94110');
  });

  it('shows the API message for a place it does not know and keeps the old location', async () => {
    store.setLocation('Seattle, WA', { latitude: 47.61, longitude: -122.33 });
    await renderDialog();
    await userEvent.type(manualField(), 'Qwxzville');
    await userEvent.click(setButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(unknownPlaceMessage('Qwxzville'));
    expect(store.getSnapshot()).toMatchObject({
      location: 'Seattle, WA',
      locationCoordinates: { latitude: 47.61, longitude: -122.33 },
    });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(manualField()).toHaveValue('Qwxzville');
    expect(setButton()).toBeEnabled();
  });

  it('says the place could not be checked when the API is unreachable, and keeps the old location', async () => {
    vi.unstubAllGlobals();
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    await renderDialog();
    await userEvent.type(manualField(), 'Berkeley, CA{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't check that place right now. Check your connection and try again.",
    );
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('suggests places once typing pauses, as options of the combobox; choosing one fills the field', async () => {
    await renderDialog();
    // The keys go in one after another without yielding to timers (delay: null), as a quick
    // typist's do: on a loaded machine a keystroke's re-render alone can outlast the debounce.
    await userEvent.setup({ delay: null }).type(manualField(), 'Oak');
    await screen.findByRole('option', { name: 'Oakland, CA' });
    const listbox = screen.getByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Oakland, CA',
      'Oak Park, IL',
      'Oak Ridge, TN',
    ]);
    // Debounced: one request for what was typed, none for each keystroke on the way.
    expect(api.requestsTo('/api/geo/suggest').map((url) => url.searchParams.get('q'))).toEqual([
      'Oak',
    ]);

    await userEvent.click(within(listbox).getByRole('option', { name: 'Oakland, CA' }));
    expect(manualField()).toHaveValue('Oakland, CA');
    // Choosing fills the field; Set decides.
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    await userEvent.click(setButton());
    await vi.waitFor(() => expect(store.getSnapshot().location).toBe('Oakland, CA'));
  });

  it('Enter submits what was typed while suggestions show and none is highlighted', async () => {
    await renderDialog();
    await userEvent.type(manualField(), 'Oakland, CA');
    await screen.findByRole('option', { name: 'Oakland, CA' });
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(store.getSnapshot().location).toBe('Oakland, CA'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Enter on a highlighted suggestion picks it and does not submit yet', async () => {
    await renderDialog();
    // The keys go in one after another without yielding to timers (delay: null), as a quick
    // typist's do: on a loaded machine a keystroke's re-render alone can outlast the debounce.
    await userEvent.setup({ delay: null }).type(manualField(), 'Oak');
    await screen.findByRole('option', { name: 'Oakland, CA' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(manualField()).toHaveValue('Oak Park, IL');
    expect(api.requestsTo('/api/events/categories')).toHaveLength(0);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('asks for no suggestions for a single letter', async () => {
    await renderDialog();
    await userEvent.type(manualField(), 'O');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.requestsTo('/api/geo/suggest')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('LocationDialog, GPS', () => {
  it('asks with high accuracy, a 10 s timeout and 1 minute maximum age, then sets the nearest city and the coordinates', async () => {
    const getCurrentPosition = stubGeolocation((success) =>
      success({ coords: { latitude: 37.774929, longitude: -122.419416 } }),
    );
    await renderDialog();
    await userEvent.click(detectButton());
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10000,
      maximumAge: 60000,
    });
    expect(await screen.findByText('Location set to San Francisco, CA')).toBeInTheDocument();
    expect(store.getSnapshot()).toMatchObject({
      location: 'San Francisco, CA',
      locationCoordinates: { latitude: 37.775, longitude: -122.419 },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [reverse] = api.requestsTo('/api/geo/reverse');
    expect(reverse?.searchParams.get('lat')).toBe('37.775');
    expect(reverse?.searchParams.get('lon')).toBe('-122.419');
  });

  it('shows a busy button while waiting for the position', async () => {
    stubGeolocation(() => {});
    await renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('button', { name: /Finding you/ })).toBeInTheDocument();
  });

  it('falls back to the coordinates as the location when the city lookup fails, and says so', async () => {
    vi.unstubAllGlobals();
    stubApi(() => {
      throw new TypeError('Failed to fetch');
    });
    stubGeolocation((success) =>
      success({ coords: { latitude: 37.774929, longitude: -122.419416 } }),
    );
    await renderDialog();
    await userEvent.click(detectButton());
    expect(await screen.findByText('Location set to 37.77, -122.42')).toBeInTheDocument();
    expect(
      screen.getByText(
        "We couldn't look up the nearest city, so events are found near you by coordinates.",
      ),
    ).toBeInTheDocument();
    expect(store.getSnapshot()).toMatchObject({
      location: '37.77, -122.42',
      locationCoordinates: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('explains how to allow location in Chrome, Safari and Firefox when permission is denied', async () => {
    stubGeolocation((_success, failure) => failure({ code: 1, message: 'denied' }));
    await renderDialog();
    await userEvent.click(detectButton());
    const alert = screen.getByRole('alert');
    const text = alert.textContent ?? '';
    expect(text.startsWith('Unable to get your location. ')).toBe(true);
    const chrome = text.indexOf('Chrome');
    const safari = text.indexOf('Safari');
    const firefox = text.indexOf('Firefox');
    expect(chrome).toBeGreaterThan(0);
    expect(safari).toBeGreaterThan(chrome);
    expect(firefox).toBeGreaterThan(safari);
    expect(text.indexOf('enter your location manually')).toBeGreaterThan(firefox);
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
  });

  it.each([
    [
      2,
      "Unable to get your location. Location information is unavailable. Please check your device's location settings and try again, or enter your location manually.",
    ],
    [
      3,
      'Unable to get your location. Location request timed out. Please try again or enter your location manually.',
    ],
    [
      0,
      'Unable to get your location. An unknown error occurred. Please try entering your location manually.',
    ],
  ])('shows the text docs/product.md gives for error code %i', async (code, expected) => {
    stubGeolocation((_success, failure) => failure({ code, message: 'failed' }));
    await renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert').textContent).toBe(expected);
    expect(detectButton()).toBeEnabled();
  });

  it('says so when the browser has no GPS', async () => {
    await renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert').textContent).toBe(
      'GPS is not supported by this browser. Please enter your location manually using the text field below.',
    );
  });

  it('clears an old error when trying again', async () => {
    let attempt = 0;
    stubGeolocation((success, failure) => {
      attempt += 1;
      if (attempt === 1) failure({ code: 3, message: 'timeout' });
      else success({ coords: { latitude: 47.6062, longitude: -122.3321 } });
    });
    await renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(detectButton());
    expect(screen.queryByText(/Location request timed out/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(store.getSnapshot().location).toBe('Seattle, WA'));
  });

  it('ignores a position that arrives after the dialog was closed', async () => {
    let answer: Success = () => {};
    stubGeolocation((success) => {
      answer = success;
    });
    const { unmount } = await renderDialog();
    await userEvent.click(detectButton());
    unmount();
    answer({ coords: { latitude: 47.6062, longitude: -122.3321 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    expect(api.requests).toHaveLength(0);
  });
});
