import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_IDS } from '../../../contract/savedRules.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { EventCard } from './EventCard.tsx';
import { FitsMyFamilyChip } from './FitsMyFamily.tsx';

async function renderCard(event = eventFixture(), store = createAppStateStore(null)) {
  await renderWithRouter(
    <AppStateProvider store={store}>
      <EventCard event={event} />
    </AppStateProvider>,
  );
  return store;
}

/** No text id shows instead of its text. */
function expectNoIds() {
  expect(document.body.textContent).not.toMatch(/\bevents\.[a-z]+\.[a-zA-Z]/);
}

beforeEach(async () => {
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('EventCard in Spanish', () => {
  it("puts the card's words in Spanish around the event's own", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    await renderCard(
      eventFixture({
        title: 'Family Jazz Picnic',
        price: 'Free',
        minAge: 3,
        maxAge: 8,
        distanceKm: 3.24,
        tags: ['jazz', 'outdoors'],
      }),
    );
    const card = screen.getByRole('article', { name: 'Family Jazz Picnic' });
    expect(within(card).getByText('GRATIS')).toBeVisible();
    expect(within(card).getByText('Apto para familias')).toBeVisible();
    expect(within(card).getByText('De 3 a 8 años')).toBeVisible();
    // Read out as 'a 3.2 km de distancia'; the venue and tags as their source wrote them.
    expect(within(card).getByText('3.2 km', { exact: false })).toHaveTextContent(
      /^3\.2 km de distancia$/,
    );
    expect(within(card).getByText('Golden Gate Park Bandshell')).toBeVisible();
    expect(within(card).getByText('jazz')).toBeVisible();
    expectNoIds();
  });

  it('names the ages of one year, from an age, and an adult limit as its sources do', async () => {
    const events = [
      eventFixture({ id: 'a', title: 'Baby Songs', minAge: 1, maxAge: 1 }),
      eventFixture({ id: 'b', title: 'Toddler Gym', minAge: null, maxAge: 1 }),
      eventFixture({ id: 'c', title: 'Teen Coding', minAge: 13, maxAge: null }),
      eventFixture({ id: 'd', title: 'Beer Garden', minAge: 21, maxAge: null, tags: ['21+'] }),
    ];
    await renderWithRouter(
      <AppStateProvider store={createAppStateStore(null)}>
        {events.map((event) => (
          <EventCard key={event.id} event={event} />
        ))}
      </AppStateProvider>,
    );
    const card = (name: string) => within(screen.getByRole('article', { name }));
    expect(card('Baby Songs').getByText('1 año')).toBeVisible();
    expect(card('Toddler Gym').getByText('De 0 a 1 año')).toBeVisible();
    expect(card('Teen Coding').getByText('Desde 13 años')).toBeVisible();
    // The badge says it once: the '21+' tag is not repeated.
    expect(card('Beer Garden').getAllByText('21+')).toHaveLength(1);
  });

  it("says 'Cancelado' in the badge and in the card's name", async () => {
    await renderCard(eventFixture({ title: 'Bubble Festival', cancelled: true }));
    const card = screen.getByRole('article', { name: 'Bubble Festival Cancelado' });
    expect(within(card).getByText('Cancelado')).toBeVisible();
  });

  it('names the heart for what it will do, and says when the saved list is full', async () => {
    const store = await renderCard(eventFixture({ id: 'e1', title: 'Story Time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar Story Time' }));
    await waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual(['e1']));
    expect(screen.getByRole('button', { name: 'Quitar Story Time de guardados' })).toBeVisible();

    act(() =>
      store.setSavedEventIds(Array.from({ length: MAX_SAVED_IDS }, (_, index) => `e${index + 2}`)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar Story Time' }));
    expect(
      await screen.findByText(
        `Tu lista de guardados está llena (${MAX_SAVED_IDS} eventos). Quita uno para guardar este.`,
      ),
    ).toBeVisible();
    expectNoIds();
  });
});

describe("'Fits my family' in Spanish", () => {
  it('names the toggle and says which groups it keeps', async () => {
    await renderWithRouter(
      <FitsMyFamilyChip
        groups={['young_kids', 'teens']}
        isSelected={false}
        onChange={() => undefined}
      />,
    );
    const chip = screen.getByRole('button', { name: 'Para mi familia' });
    expect(chip).toHaveAccessibleDescription(
      'Muestra solo eventos para niños pequeños (0-8 años) y adolescentes (13-17)',
    );
    expect(chip).toHaveTextContent('Para mi familia · Niños pequeños, Adolescentes');
    expectNoIds();
  });
});
