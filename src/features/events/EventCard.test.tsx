import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_IDS } from '../../../contract/savedRules.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { EventCard, SAVED_LIST_FULL_TEXT } from './EventCard.tsx';

async function renderCard(event = eventFixture(), store = createAppStateStore(null)) {
  return {
    store,
    ...(await renderWithRouter(
      <AppStateProvider store={store}>
        <EventCard event={event} />
      </AppStateProvider>,
    )),
  };
}

describe('EventCard', () => {
  it('shows what a family decides on: when, what, where, price, two tags, Family Safe', async () => {
    await renderCard(
      eventFixture({
        title: 'Family Jazz Picnic',
        date: '2026-11-29T03:00:00.000Z',
        time: '7:00 PM',
        timeZone: 'America/Los_Angeles',
        venue: 'Golden Gate Park Bandshell',
        price: '$25',
        tags: ['jazz', 'outdoors', 'picnic'],
      }),
    );
    const card = screen.getByRole('article', { name: 'Family Jazz Picnic' });
    expect(within(card).getByText('Sat, Nov 28 · 7:00 PM')).toBeVisible();
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Family Jazz Picnic' }),
    ).toBeVisible();
    expect(within(card).getByText('Golden Gate Park Bandshell')).toBeVisible();
    expect(within(card).getByText('$25')).toBeVisible();
    expect(within(card).getByText('jazz')).toBeVisible();
    expect(within(card).getByText('outdoors')).toBeVisible();
    expect(within(card).queryByText('picnic')).toBeNull();
    expect(within(card).getByText('Family Safe')).toBeVisible();
  });

  it("says FREE for an event without a price and no badge when it isn't family friendly", async () => {
    await renderCard(eventFixture({ price: 'Free', isFamilyFriendly: false }));
    expect(screen.getByText('FREE')).toBeVisible();
    expect(screen.queryByText('Family Safe')).toBeNull();
  });

  it('shows the ages the event is for beside Family Safe, and none when it says nothing', async () => {
    await renderCard(eventFixture({ id: 'a', title: 'Puppet Show', minAge: 3, maxAge: 8 }));
    const puppets = screen.getByRole('article', { name: 'Puppet Show' });
    expect(within(puppets).getByText('Ages 3–8')).toBeVisible();
    expect(within(puppets).getByText('Family Safe')).toBeVisible();
  });

  it('shows an adult limit as 21+ on a card that is not family safe', async () => {
    await renderCard(
      eventFixture({
        title: 'Beer Garden',
        isFamilyFriendly: false,
        minAge: 21,
        maxAge: null,
        // The seed's adult nights carry a '21+' tag too: said once, by the badge.
        tags: ['21+', 'Nightlife', 'Outdoors'],
      }),
    );
    expect(screen.getByText('21+')).toBeVisible();
    expect(screen.getByText('Nightlife')).toBeVisible();
    expect(screen.getByText('Outdoors')).toBeVisible();
    expect(screen.queryByText('Family Safe')).toBeNull();
  });

  it('shows no age badge for an event for all ages', async () => {
    await renderCard(eventFixture({ minAge: null, maxAge: null }));
    expect(screen.queryByText(/^Ages? |\+$/)).toBeNull();
  });

  it('opens /event/{id} from the card', async () => {
    const { currentPath } = await renderCard(eventFixture({ id: 'seed:sf-0042' }));
    await userEvent.click(screen.getByRole('link', { name: 'Family Jazz Picnic' }));
    // The id's colon is percent-encoded in the path; the route decodes it back.
    expect(currentPath()).toBe('/event/seed%3Asf-0042');
  });

  it('saves and unsaves with the heart, named for what it will do', async () => {
    const { store } = await renderCard(eventFixture({ id: 'e1', title: 'Story Time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Story Time' }));
    await waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual(['e1']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Story Time from saved' }));
    await waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual([]));
    expect(screen.getByRole('button', { name: 'Save Story Time' })).toBeVisible();
  });

  it('says the saved list is full instead of saving into it', async () => {
    const store = createAppStateStore(null);
    const full = Array.from({ length: MAX_SAVED_IDS }, (_, index) => `e${index}`);
    store.setSavedEventIds(full);
    await renderCard(eventFixture({ id: 'new', title: 'Story Time' }), store);
    await userEvent.click(screen.getByRole('button', { name: 'Save Story Time' }));
    expect(await screen.findByText(SAVED_LIST_FULL_TEXT)).toBeVisible();
    expect(SAVED_LIST_FULL_TEXT).toBe(
      'Your saved list is full (200 events). Remove one to save this one.',
    );
    expect(store.getSnapshot().savedEventIds).toEqual(full);
    expect(screen.getByRole('button', { name: 'Save Story Time' })).toBeVisible();
  });

  it('shows the category illustration when the image fails to load', async () => {
    await renderCard(
      eventFixture({ imageUrl: 'https://img.example/broken.jpg', category: 'arts' }),
    );
    const image = screen.getByRole('article').querySelector('img');
    expect(image).toHaveAttribute('src', 'https://img.example/broken.jpg');
    fireEvent.error(image as HTMLImageElement);
    expect(image).toHaveAttribute('src', '/images/categories/arts.svg');
  });

  const pictureId = 'a'.repeat(64);

  it('shows a fetched picture in WebP and JPEG at every width, decorative beside the title', async () => {
    await renderCard(eventFixture({ title: 'Bubble Festival', imageId: pictureId }));
    const card = screen.getByRole('article', { name: 'Bubble Festival' });
    const webp = card.querySelector('picture > source[type="image/webp"]');
    expect(webp).toHaveAttribute(
      'srcset',
      `/pictures/${pictureId}/400.webp 400w, /pictures/${pictureId}/800.webp 800w, /pictures/${pictureId}/1200.webp 1200w`,
    );
    // The title beside it already names it: the picture is not read out a second time.
    const image = within(card).getByRole('presentation');
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('src', `/pictures/${pictureId}/800.jpeg`);
    expect(image.getAttribute('srcset')).toContain(`/pictures/${pictureId}/400.jpeg 400w`);
    expect(image.getAttribute('sizes')).toBe(webp?.getAttribute('sizes'));
    // Below the fold until told otherwise: fetched when scrolled near.
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads the first card picture at once and first (the largest paint waits for it)', async () => {
    await renderWithRouter(
      <AppStateProvider store={createAppStateStore(null)}>
        <EventCard event={eventFixture({ imageId: pictureId })} eagerImage />
      </AppStateProvider>,
    );
    const image = screen.getByRole('article').querySelector('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the category drawing when the picture fails, and without one', async () => {
    await renderCard(eventFixture({ imageId: pictureId, imageUrl: '', category: 'comedy' }));
    const image = screen.getByRole('article').querySelector('img');
    fireEvent.error(image as HTMLImageElement);
    const drawing = screen.getByRole('article').querySelector('img');
    expect(drawing).toHaveAttribute('src', '/images/categories/comedy.svg');
    expect(screen.getByRole('article').querySelector('picture')).toBeNull();
  });

  it("draws the category for an event cached by an older build, which has no picture or 'cancelled'", async () => {
    const {
      imageId: _imageId,
      cancelled: _cancelled,
      ...older
    } = eventFixture({ category: 'arts', imageUrl: '' });
    await renderCard(older as ReturnType<typeof eventFixture>);
    const card = screen.getByRole('article', { name: 'Family Jazz Picnic' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/categories/arts.svg');
    expect(within(card).queryByText('Cancelled')).toBeNull();
  });

  it("says 'Cancelled' on a cancelled event's card, in words and in the card's name", async () => {
    await renderCard(eventFixture({ title: 'Bubble Festival', cancelled: true }));
    const card = screen.getByRole('article', { name: 'Bubble Festival Cancelled' });
    expect(within(card).getByText('Cancelled')).toBeVisible();
    // Still a card a family can open and save, to read what happened.
    expect(within(card).getByRole('link', { name: 'Bubble Festival' })).toBeVisible();
  });

  describe('how far (issue 33)', () => {
    afterEach(() => vi.restoreAllMocks());
    const speaks = (languages: string[]) =>
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

    it('says the distance from the place asked for, in kilometres, with a reading that says away', async () => {
      speaks(['fr-FR']);
      await renderCard(eventFixture({ title: 'Puppet Parade', distanceKm: 3.24 }));
      const card = screen.getByRole('article', { name: 'Puppet Parade' });
      const distance = within(card).getByText('3.2 km', { exact: false });
      expect(distance).toBeVisible();
      expect(distance).toHaveTextContent(/^3\.2 km away$/);
    });

    it('in miles where the family reads them, whole from 10', async () => {
      speaks(['en-US']);
      await renderCard(eventFixture({ title: 'Puppet Parade', distanceKm: 20 }));
      const card = screen.getByRole('article', { name: 'Puppet Parade' });
      expect(within(card).getByText('12 mi', { exact: false })).toHaveTextContent('12 mi away');
    });

    it('says nothing where the list named no place (saved events)', async () => {
      speaks(['en-US']);
      await renderCard(eventFixture({ title: 'Puppet Parade', distanceKm: null }));
      const card = screen.getByRole('article', { name: 'Puppet Parade' });
      expect(within(card).queryByText(/ away$/)).toBeNull();
      expect(within(card).getByText('Golden Gate Park Bandshell')).toBeVisible();
    });
  });
});
