import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { setSavedListAnswered } from '../../app/pendingChanges.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { eventFixture, samUserRecord } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { ResultsViewProvider } from '../map/resultsViewActor.tsx';
import { SavedScreen } from './SavedScreen.tsx';
import { SavedSelectionProvider } from './savedSelectionActor.tsx';
import { LIST_COPIED_TEXT, savedListText } from './shareSavedList.ts';

const picnic = eventFixture({ id: 'e1', title: 'Family Jazz Picnic' });
const storyTime = eventFixture({ id: 'e2', title: 'Story Time' });
const puppets = eventFixture({ id: 'e3', title: 'Puppet Show' });
const known: readonly Event[] = [picnic, storyTime, puppets];

/** GET /api/events/saved as the server answers it: the known events, in the order asked. */
function savedApi() {
  return stubApi((url) => {
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    const events = ids.flatMap((id) => known.filter((event) => event.id === id));
    return Response.json({ events });
  });
}

async function renderSaved(
  ids: readonly string[],
  store: AppStateStore = createAppStateStore(null),
) {
  store.setSavedEventIds(ids);
  const view = await renderWithRouter(
    <AppStateProvider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <ResultsViewProvider view="list" writeView={() => undefined}>
            <SavedSelectionProvider>
              <SavedScreen />
            </SavedSelectionProvider>
          </ResultsViewProvider>
        </ToastProvider>
      </QueryClientProvider>
    </AppStateProvider>,
    { path: '/saved' },
  );
  return { ...view, store };
}

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Saved events' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
});

describe('SavedScreen', () => {
  it('with nothing saved: the empty state and Discover Events, and no request', async () => {
    const api = savedApi();
    const { currentPath } = await renderSaved([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
    expect(screen.getByText("Start exploring and save events you're interested in!")).toBeVisible();
    expect(api.requests).toEqual([]);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Discover Events' }));
    await waitFor(() => expect(currentPath()).toBe('/search'));
  });

  it("a family's list not read from the server yet (a new device): placeholders, not the empty state", async () => {
    const api = savedApi();
    const store = createAppStateStore(null);
    store.setCurrentUser(samUserRecord);
    setSavedListAnswered(false);
    try {
      await renderSaved([], store);
      expect(screen.getByRole('status', { name: 'Loading saved events' })).toBeVisible();
      expect(screen.queryByText('No saved events yet')).toBeNull();
      // The sync reads the account's list: one event, then the answer.
      store.setSavedEventIds(['e2']);
      setSavedListAnswered(true);
      await screen.findByRole('list', { name: 'Saved events' });
      expect(cardTitles()).toEqual(['Story Time']);
      expect(screen.queryByText('No saved events yet')).toBeNull();
      expect(api.requests).toHaveLength(1);
    } finally {
      setSavedListAnswered(false);
    }
  });

  it('an empty list the server has answered for, or offline: the empty state', async () => {
    savedApi();
    const store = createAppStateStore(null);
    store.setCurrentUser(samUserRecord);
    setSavedListAnswered(true);
    try {
      const view = await renderSaved([], store);
      expect(screen.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
      view.unmount();
      setSavedListAnswered(false);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await renderSaved([], store);
      expect(screen.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
    } finally {
      vi.restoreAllMocks();
      setSavedListAnswered(false);
    }
  });

  it('shows 3 placeholders while loading, then the events in saved order and the count', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await renderSaved(['e3', 'e1']);
    const loading = screen.getByRole('status', { name: 'Loading saved events' });
    expect(loading.querySelectorAll(':scope > div > [aria-hidden="true"]')).toHaveLength(3);
    answer(Response.json({ events: [puppets, picnic] }));
    await screen.findByRole('list', { name: 'Saved events' });
    expect(cardTitles()).toEqual(['Puppet Show', 'Family Jazz Picnic']);
    expect(screen.getByText('2 event(s) saved')).toBeVisible();
  });

  it('a failed load says why and retries', async () => {
    let fail = true;
    stubApi((url) =>
      fail
        ? Response.json({ error: 'unavailable', message: 'The database is busy.' }, { status: 503 })
        : Response.json({ events: url.searchParams.get('ids') === 'e1' ? [picnic] : [] }),
    );
    await renderSaved(['e1']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your saved events. The database is busy.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Family Jazz Picnic' })).toBeVisible();
  });

  it('says which saved events no longer exist and removes them on request', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'gone-1', 'e2', 'gone-2']);
    const notice = await screen.findByText(
      '2 saved events are no longer available: they were removed by their organisers.',
    );
    expect(screen.getByText('2 event(s) saved')).toBeVisible();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Remove them from the list' }));
    expect(store.getSnapshot().savedEventIds).toEqual(['e1', 'e2']);
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    expect(cardTitles()).toEqual(['Family Jazz Picnic', 'Story Time']);
  });

  it('a card stores its event and opens /event-detail#event-{id}', async () => {
    savedApi();
    const { store, router } = await renderSaved(['e1', 'e2']);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Story Time' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-detail'));
    expect(router.state.location.hash).toBe('event-e2');
    expect(store.getSnapshot().selectedEvent).toEqual(storyTime);
  });
});

describe('SavedScreen select mode', () => {
  it('Delete (n) is disabled until a card is ticked; Delete removes the ticked and leaves', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'e2', 'e3']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
    // No links in select mode: a tap anywhere on a card ticks it.
    expect(screen.queryByRole('link', { name: 'Story Time' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Family Jazz Picnic' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Puppet Show' }));
    expect(screen.getByRole('checkbox', { name: 'Select Family Jazz Picnic' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Story Time' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));

    expect(store.getSnapshot().savedEventIds).toEqual(['e2']);
    await waitFor(() => expect(cardTitles()).toEqual(['Story Time']));
    expect(screen.getByText('1 event(s) saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Select' })).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(await screen.findByText('Removed 2 events from Saved')).toBeVisible();
  });

  it('ticking twice unticks; Cancel leaves select mode with the selection cleared', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'e2']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    const picnicBox = screen.getByRole('checkbox', { name: 'Select Family Jazz Picnic' });
    await user.click(picnicBox);
    await user.click(picnicBox);
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
    await user.click(picnicBox);
    expect(screen.getByRole('button', { name: 'Delete (1)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Family Jazz Picnic' })).not.toBeChecked();
    expect(store.getSnapshot().savedEventIds).toEqual(['e1', 'e2']);
  });

  it('Clear All asks first: Cancel keeps the list, confirming empties it', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'e2', 'e3']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all saved events?' });
    expect(dialog).toHaveTextContent(
      "All 3 saved events will be removed from this list. This can't be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(store.getSnapshot().savedEventIds).toEqual(['e1', 'e2', 'e3']);

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear 3 events' }),
    );
    expect(store.getSnapshot().savedEventIds).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'No saved events yet' })).toBeVisible();
  });
});

describe('Share List', () => {
  it('copies the titles and links when there is no share sheet, and says so', async () => {
    savedApi();
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    await renderSaved(['e2', 'e1']);
    // user-event's setup puts its own clipboard on navigator; it is read back below.
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share List' }));
    expect(await screen.findByText(LIST_COPIED_TEXT)).toBeVisible();
    const origin = window.location.origin;
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `Our saved FamJam events:\n\nStory Time\n${origin}/event/e2\n\nFamily Jazz Picnic\n${origin}/event/e1`,
    );
  });

  it("uses the device's share sheet when there is one", async () => {
    savedApi();
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await renderSaved(['e1']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share List' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledExactlyOnceWith({
        title: 'Saved Events',
        text: savedListText([picnic]),
      }),
    );
    expect(screen.queryByText(LIST_COPIED_TEXT)).toBeNull();
  });
});

describe('Export to Calendar', () => {
  it('says so, then downloads famjam-saved-events.ics with the events in saved order', async () => {
    savedApi();
    const files: Blob[] = [];
    // jsdom has no object URLs; the blob handed to the download link is what is checked.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:famjam-test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await renderSaved(['e2', 'e1']);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Export to Calendar' }));
    expect(await screen.findByText('Exporting saved events to calendar...')).toBeVisible();
    await waitFor(() => expect(files).toHaveLength(1));
    expect(names).toEqual(['famjam-saved-events.ics']);
    // jsdom's Blob has no text(); its FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0] as Blob);
    });
    expect(text.match(/^UID:.*$/gm)).toEqual(['UID:e2@famjam', 'UID:e1@famjam']);
    vi.restoreAllMocks();
  });
});

describe('Saved in Spanish (issue 35)', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  /** No text id shows, in the text or in an accessible name. */
  const expectNoIds = () => {
    expect(document.body.textContent).not.toMatch(/\bsaved\.[a-z]+\.?[a-zA-Z]/);
    expect(document.body.innerHTML).not.toMatch(/"saved\.[a-z]+\.?[a-zA-Z]/);
  };
  const spanishTitles = () =>
    within(screen.getByRole('list', { name: 'Eventos guardados' }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);

  it('with nothing saved: the empty state and Descubrir eventos', async () => {
    savedApi();
    await renderSaved([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Eventos guardados' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Aún no tienes eventos guardados' })).toBeVisible();
    expect(
      screen.getByText('¡Empieza a explorar y guarda los eventos que te interesen!'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Descubrir eventos' })).toBeVisible();
    expectNoIds();
  });

  it('the list, its count and its actions, and a missing event, in Spanish', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'gone-1', 'e2']);
    await screen.findByRole('list', { name: 'Eventos guardados' });
    // Event titles stay as their source wrote them.
    expect(spanishTitles()).toEqual(['Family Jazz Picnic', 'Story Time']);
    expect(screen.getByText('2 eventos guardados')).toBeVisible();
    const actions = screen.getByRole('group', { name: 'Acciones de la lista de guardados' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Seleccionar',
      'Compartir lista',
      'Borrar todo',
      'Exportar al calendario',
      'Suscribirse',
    ]);
    expect(
      within(actions).getByRole('button', { name: 'Suscribirse en tu calendario' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        '1 evento guardado ya no está disponible: quien lo organizaba lo quitó.',
      ),
    ).toBeVisible();
    expectNoIds();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quitarlo de la lista' }));
    expect(store.getSnapshot().savedEventIds).toEqual(['e1', 'e2']);
  });

  it('select mode, Quitar (n) and its toast, in Spanish', async () => {
    savedApi();
    const { store } = await renderSaved(['e1', 'e2', 'e3']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Seleccionar' }));
    expect(screen.getByRole('button', { name: 'Quitar (0)' })).toBeDisabled();
    expect(screen.getByText('Toca los eventos que quieras quitar de tu lista.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Family Jazz Picnic' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Puppet Show' }));
    expectNoIds();
    await user.click(screen.getByRole('button', { name: 'Quitar (2)' }));
    expect(store.getSnapshot().savedEventIds).toEqual(['e2']);
    expect(await screen.findByText('Se quitaron 2 eventos de Guardados')).toBeVisible();
    await waitFor(() => expect(screen.getByText('1 evento guardado')).toBeVisible());
  });

  it('Borrar todo asks first, in the singular for one event', async () => {
    savedApi();
    const { store } = await renderSaved(['e1']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Borrar todo' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Borrar todos tus eventos guardados?',
    });
    expect(dialog).toHaveTextContent(
      'Tu evento guardado se quitará de esta lista. Esto no se puede deshacer.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeVisible();
    expectNoIds();
    await user.click(within(dialog).getByRole('button', { name: 'Borrar 1 evento' }));
    expect(store.getSnapshot().savedEventIds).toEqual([]);
    expect(
      await screen.findByRole('heading', { name: 'Aún no tienes eventos guardados' }),
    ).toBeVisible();
  });

  it('Compartir lista copies a Spanish intro (the titles as they are) and says so', async () => {
    savedApi();
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    await renderSaved(['e2']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Compartir lista' }));
    expect(await screen.findByText('¡Eventos guardados copiados al portapapeles!')).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `Nuestros eventos guardados en FamJam:\n\nStory Time\n${window.location.origin}/event/e2`,
    );
  });
});
