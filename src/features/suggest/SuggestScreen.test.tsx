import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SuggestEventBody, Suggestion } from '../../../contract/suggestions.ts';
import { createApiClient } from '../../api/client.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SuggestScreen } from './SuggestScreen.tsx';

const today = '2026-11-27';

function suggestionFrom(body: SuggestEventBody, overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: '6f1c7a52-8b4d-4b8e-9a55-0d2b0c6f0001',
    status: 'waiting',
    statusText: 'Waiting for review',
    reason: null,
    title: body.title,
    description: body.description ?? '',
    startsAt: '2026-12-05T18:30:00.000Z',
    timeZone: 'America/Los_Angeles',
    hasTime: body.time !== undefined,
    venue: body.venue,
    address: body.address ?? '',
    location: 'Oakland, CA',
    latitude: 37.8,
    longitude: -122.26,
    priceText: body.price ?? null,
    category: body.category,
    minAge: body.minAge ?? null,
    maxAge: body.maxAge ?? null,
    ticketUrl: body.ticketUrl ?? null,
    imageId: null,
    eventId: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A real HTTPError as the app's client makes it: a fetch that answers `status` with the
 * API's JSON body (contract/errors.ts, `field` when the API names one), so the screen reads it
 * exactly as it would in the browser.
 */
async function apiRefusal(
  status: number,
  error: string,
  message: string,
  field?: string,
): Promise<never> {
  const client = createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => null,
    fetch: async () => Response.json({ error, message, field }, { status }),
  });
  await client.post('me/suggestions').json();
  throw new Error('unreachable');
}

async function setup({
  send = async (body: SuggestEventBody) => suggestionFrom(body),
  sendPicture = async (id: string) =>
    suggestionFrom(
      {
        title: 'Bubble Festival',
        date: '',
        venue: 'Lake Merritt Amphitheater',
        place: '',
        category: 'popup',
        time: '10:30',
      },
      { id, imageId: 'f'.repeat(64) },
    ),
}: {
  send?: (body: SuggestEventBody) => Promise<Suggestion>;
  sendPicture?: (id: string, picture: Blob) => Promise<Suggestion>;
} = {}) {
  const sendSpy = vi.fn(send);
  const pictureSpy = vi.fn(sendPicture);
  await renderWithRouter(
    <QueryClientProvider client={new QueryClient()}>
      <SuggestScreen send={sendSpy} sendPicture={pictureSpy} today={today} />
    </QueryClientProvider>,
    { path: '/suggest' },
  );
  return { send: sendSpy, sendPicture: pictureSpy, user: userEvent.setup() };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Event name/), '  Bubble Festival ');
  setValue('Date', '2026-12-05');
  setValue('Start time', '10:30');
  await user.type(field(/Venue/), 'Lake Merritt Amphitheater');
  await user.type(field(/Town or ZIP code/), 'Oakland, CA');
  await user.click(screen.getByRole('radio', { name: 'Pop-Up Events' }));
}

const sendButton = () => screen.getByRole('button', { name: 'Send for review' });

describe('SuggestScreen', () => {
  it('names every control', async () => {
    await setup();
    for (const name of [
      /Event name/,
      'Description (optional)',
      /Venue/,
      'Street address (optional)',
      /Town or ZIP code/,
      'Price (optional)',
      'Youngest age',
      'Oldest age',
      'Ticket or info link (optional)',
    ]) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('radiogroup', { name: 'Category' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'All day' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeInTheDocument();
  });

  it('sends what was typed, trimmed, with only the fields filled in, and shows the status', async () => {
    const { send, user } = await setup();
    await fillRequired(user);
    await user.type(field('Price (optional)'), '$5, kids free');
    await user.type(field('Youngest age'), '2');
    await user.type(field('Oldest age'), '10');
    await user.type(field('Ticket or info link (optional)'), 'https://tickets.example/bubbles');
    await user.click(sendButton());

    expect(send).toHaveBeenCalledWith({
      title: 'Bubble Festival',
      date: '2026-12-05',
      time: '10:30',
      venue: 'Lake Merritt Amphitheater',
      place: 'Oakland, CA',
      category: 'popup',
      price: '$5, kids free',
      minAge: 2,
      maxAge: 10,
      ticketUrl: 'https://tickets.example/bubbles',
    });
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Thank you! We got “Bubble Festival”');
    expect(within(done).getByText('Waiting for review')).toBeVisible();
  });

  it('leaves the time out for an all-day event', async () => {
    const { send, user } = await setup();
    await fillRequired(user);
    await user.click(screen.getByRole('switch', { name: 'All day' }));
    expect(screen.queryByLabelText('Start time', { exact: false })).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(send.mock.calls[0]?.[0]).not.toHaveProperty('time');
  });

  it('says what is missing or wrong, field by field, and sends nothing', async () => {
    const { send, user } = await setup();
    setValue('Date', '2026-11-01');
    await user.type(field('Youngest age'), '12');
    await user.type(field('Oldest age'), '5');
    await user.type(field('Ticket or info link (optional)'), 'javascript:alert(1)');
    await user.click(sendButton());

    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some answers need a second look: see the fields marked below.',
    );
    expect(field(/Event name/)).toHaveAccessibleDescription('Give the event its name.');
    expect(screen.getByLabelText('Date', { exact: false })).toHaveAccessibleDescription(
      'That day has passed. Suggest an upcoming event.',
    );
    expect(field(/Town or ZIP code/)).toHaveAccessibleDescription(
      expect.stringContaining('Give the town or ZIP code'),
    );
    expect(screen.getByText('Choose the category that fits best.')).toBeVisible();
    expect(field('Oldest age')).toHaveAccessibleDescription(
      'The oldest age must be at least the youngest age.',
    );
  });

  it('drops "Some answers need a second look" once every marked field is fixed', async () => {
    const { send, user } = await setup();
    await user.type(field('Youngest age'), '12');
    await user.type(field('Oldest age'), '5');
    await user.click(sendButton());
    const summary = 'Some answers need a second look: see the fields marked below.';
    expect(screen.getByRole('alert')).toHaveTextContent(summary);

    await user.type(field(/Event name/), 'Bubble Festival');
    setValue('Date', '2026-12-05');
    // Switching on All day is what fixes the start time: its mark goes with it.
    await user.click(screen.getByRole('switch', { name: 'All day' }));
    await user.type(field(/Town or ZIP code/), 'Oakland, CA');
    await user.click(screen.getByRole('radio', { name: 'Pop-Up Events' }));
    // A younger youngest age is what fixes the oldest age.
    await user.clear(field('Youngest age'));
    await user.type(field('Youngest age'), '3');
    expect(field('Oldest age')).not.toHaveAccessibleDescription(
      'The oldest age must be at least the youngest age.',
    );
    // The venue is still empty: the summary stays while a field is marked.
    expect(screen.getByRole('alert')).toHaveTextContent(summary);
    expect(field(/Venue/)).toHaveAccessibleDescription(
      expect.stringContaining('Say where it happens'),
    );

    await user.type(field(/Venue/), 'Lake Merritt Amphitheater');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(summary)).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("puts the API's words for a field under that field (a place the map does not know)", async () => {
    const { user } = await setup({
      send: () =>
        apiRefusal(
          400,
          'unknown_location',
          'body/place: We couldn\'t find "Atlantis" on the map. Try the city and state (e.g. "Oakland, CA") or a ZIP code.',
          'place',
        ),
    });
    await fillRequired(user);
    await user.click(sendButton());
    await screen.findByRole('alert');
    expect(field(/Town or ZIP code/)).toHaveAccessibleDescription(
      expect.stringContaining('We couldn\'t find "Atlantis" on the map.'),
    );
    // Only the API knows the town is wrong: editing another field keeps its mark and the summary.
    await user.type(field(/Event name/), '!');
    expect(field(/Town or ZIP code/)).toHaveAccessibleDescription(
      expect.stringContaining('We couldn\'t find "Atlantis" on the map.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers need a second look');
    await user.type(field(/Town or ZIP code/), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks the field the API names in `field`, never one read from the sentence', async () => {
    const { user } = await setup({
      send: () => apiRefusal(400, 'bad_request', 'body/place: The place is not on the map.'),
    });
    await fillRequired(user);
    await user.click(sendButton());
    // No `field`: the sentence goes in the form's alert, whatever it begins with.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't send your suggestion. body/place: The place is not on the map.",
    );
    expect(field(/Town or ZIP code/)).not.toHaveAccessibleDescription(
      expect.stringContaining('The place is not on the map.'),
    );
  });

  it("says plainly what a schema's refusal of a field means", async () => {
    const { user } = await setup({
      send: () =>
        apiRefusal(
          400,
          'bad_request',
          'body/venue must NOT have more than 200 characters',
          'venue',
        ),
    });
    await fillRequired(user);
    await user.click(sendButton());
    await screen.findByRole('alert');
    expect(field(/Venue/)).toHaveAccessibleDescription(
      'Check this field: it is not in a form FamJam accepts.',
    );
  });

  it('shows the waiting limit in words and keeps what was typed', async () => {
    const { user } = await setup({
      send: () =>
        apiRefusal(
          409,
          'too_many_waiting',
          'You already have 3 suggestions waiting for review. Please wait until one of them is reviewed before suggesting another.',
        ),
    });
    await fillRequired(user);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't send your suggestion. You already have 3 suggestions waiting for review.",
    );
    expect(field(/Event name/)).toHaveValue('  Bubble Festival ');
  });

  it('uploads the chosen picture after the suggestion is stored', async () => {
    const { send, sendPicture, user } = await setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:picture');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await fillRequired(user);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bubbles.jpg', {
      type: 'image/jpeg',
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, file);
    expect(screen.getByRole('img', { name: 'Chosen: bubbles.jpg' })).toBeVisible();
    await user.click(sendButton());
    await screen.findByRole('status');
    expect(send).toHaveBeenCalledTimes(1);
    expect(sendPicture).toHaveBeenCalledWith('6f1c7a52-8b4d-4b8e-9a55-0d2b0c6f0001', file);
  });

  it('keeps the suggestion when its picture is refused, and says why', async () => {
    const { user } = await setup({
      sendPicture: () =>
        apiRefusal(
          422,
          'picture_rejected',
          'The picture could not be read: the file may be damaged or cut short.',
        ),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:picture');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await fillRequired(user);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['not'], 'broken.png', { type: 'image/png' }));
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your suggestion is saved, but its picture was not: The picture could not be read: the file may be damaged or cut short.',
    );
    expect(screen.getByText('Waiting for review')).toBeVisible();
  });
});
