import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '../../../contract/polls.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { POLL_REFRESH_MS, PollScreen } from './PollScreen.tsx';

const id = 'Pq3v9xZr0kLmNoPqRsTuVw';

/** The API as far as the poll page uses it: one poll, kept here, changed by the requests. */
let stored: Poll | null;
let requests: string[];

function lunchPoll(overrides: Partial<Poll> = {}): Poll {
  return {
    id,
    title: 'Sunday lunch',
    description: 'Pick one',
    options: [
      { id: '1', text: 'Tacos', votes: 2 },
      { id: '2', text: 'Pizza', votes: 1 },
      { id: '3', text: 'Dim sum', votes: 0 },
    ],
    totalVotes: 3,
    myVote: null,
    isOwner: false,
    closed: false,
    closedAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const { pathname } = new URL(request.url);
  requests.push(`${request.method} ${pathname}`);
  const poll = stored;
  if (!poll || !pathname.startsWith(`/api/polls/${id}`)) {
    return json({ error: 'not_found', message: "This poll doesn't exist or was deleted." }, 404);
  }
  if (request.method === 'GET') return json(poll);
  if (request.method === 'PUT' && pathname.endsWith('/vote')) {
    if (poll.closed) return json({ error: 'poll_closed', message: 'closed' }, 409);
    const { optionId } = (await request.json()) as { optionId: string };
    const options = poll.options.map((option) => ({
      ...option,
      votes: option.votes - (option.id === poll.myVote ? 1 : 0) + (option.id === optionId ? 1 : 0),
    }));
    stored = {
      ...poll,
      options,
      myVote: optionId,
      totalVotes: poll.totalVotes + (poll.myVote ? 0 : 1),
    };
    return json(stored);
  }
  if (request.method === 'POST' && pathname.endsWith('/close')) {
    stored = { ...poll, closed: true, closedAt: '2026-11-23T12:00:00.000Z' };
    return json(stored);
  }
  if (request.method === 'DELETE') {
    stored = null;
    return new Response(null, { status: 204 });
  }
  return json({ error: 'method_not_allowed', message: '' }, 405);
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderPoll(path = `/poll/${id}`, pollId = id) {
  const view = await renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <PollScreen id={pollId} />
      </ToastProvider>
    </QueryClientProvider>,
    { path },
  );
  return view;
}

describe('PollScreen, open poll', () => {
  it('shows the poll with a radio per option, counts and percentages', async () => {
    stored = lunchPoll();
    await renderPoll();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday lunch' })).toBeVisible();
    expect(screen.getByText('Pick one')).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: 'Cast your vote' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(group).toHaveTextContent('Tacos2 votes · 67%');
    expect(group).toHaveTextContent('Pizza1 vote · 33%');
    expect(group).toHaveTextContent('Dim sum0 votes · 0%');
    // Not the owner: nothing to close or delete.
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete poll' })).toBeNull();
  });

  it('votes, marks "Your vote", and changes the vote', async () => {
    stored = lunchPoll();
    await renderPoll();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Dim sum/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Dim sum Your vote 1 vote · 25%/ })).toBeChecked(),
    );
    expect(requests).toContain(`PUT /api/polls/${id}/vote`);
    expect(screen.getByRole('radiogroup', { name: 'Your vote (you can change it)' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: /Pizza/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Pizza Your vote 2 votes · 50%/ })).toBeChecked(),
    );
    expect(screen.getByRole('radio', { name: /Dim sum/ })).toHaveAccessibleName(
      'Dim sum 0 votes · 0%',
    );
  });

  it('asks again every few seconds, so other votes show up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored = lunchPoll();
    await renderPoll();
    await screen.findByRole('radio', { name: /Tacos 2 votes/ });
    stored = lunchPoll({
      options: [
        { id: '1', text: 'Tacos', votes: 3 },
        { id: '2', text: 'Pizza', votes: 1 },
        { id: '3', text: 'Dim sum', votes: 0 },
      ],
      totalVotes: 4,
    });
    await act(() => vi.advanceTimersByTimeAsync(POLL_REFRESH_MS + 50));
    expect(await screen.findByRole('radio', { name: 'Tacos 3 votes · 75%' })).toBeVisible();
  });

  it('says so when the poll was closed just before the vote, and shows the result', async () => {
    stored = lunchPoll();
    await renderPoll();
    const user = userEvent.setup();
    const pizza = await screen.findByRole('radio', { name: /Pizza/ });
    stored = lunchPoll({ closed: true, closedAt: '2026-11-23T12:00:00.000Z' });
    await user.click(pizza);
    expect(await screen.findByRole('heading', { name: 'Result' })).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('PollScreen, closed poll', () => {
  it('shows the result with the winner highlighted and no way to vote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored = lunchPoll({ closed: true, closedAt: '2026-11-23T12:00:00.000Z', myVote: '2' });
    await renderPoll();
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(result).toHaveTextContent('Tacos Winner2 votes · 67%');
    expect(result).toHaveTextContent('Pizza Your vote1 vote · 33%');
    expect(result).toHaveTextContent('This poll is closed and takes no more votes.');
    // A closed poll no longer changes: no more asking.
    const asked = requests.length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_REFRESH_MS * 3));
    expect(requests).toHaveLength(asked);
  });

  it('highlights every option that ties for the most votes', async () => {
    stored = lunchPoll({
      closed: true,
      options: [
        { id: '1', text: 'Tacos', votes: 2 },
        { id: '2', text: 'Pizza', votes: 2 },
        { id: '3', text: 'Dim sum', votes: 0 },
      ],
      totalVotes: 4,
    });
    await renderPoll();
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getAllByText('Winner')).toHaveLength(2);
  });
});

describe('PollScreen, the owner', () => {
  it('closes the poll after confirming', async () => {
    stored = lunchPoll({ isOwner: true });
    await renderPoll();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close poll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close poll' }));
    expect(await screen.findByRole('region', { name: 'Result' })).toBeVisible();
    expect(requests).toContain(`POST /api/polls/${id}/close`);
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
  });

  it('deletes the poll after confirming and goes home', async () => {
    stored = lunchPoll({ isOwner: true });
    const { currentPath } = await renderPoll();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete poll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete poll' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(requests).toContain(`DELETE /api/polls/${id}`);
    expect(stored).toBeNull();
  });
});

describe('PollScreen, no such poll', () => {
  it('says the poll does not exist, with a way home', async () => {
    stored = null;
    await renderPoll('/poll/nope', 'nope');
    expect(
      await screen.findByRole('heading', { name: "This poll doesn't exist or was deleted" }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});

describe('PollScreen, in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('asks for a vote and counts in Spanish, singular and plural', async () => {
    stored = lunchPoll();
    await renderPoll();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday lunch' })).toBeVisible();
    expect(screen.getByText(/^Encuesta familiar · 3 votos/)).toBeVisible();
    const group = screen.getByRole('radiogroup', { name: 'Elige tu opción' });
    expect(group).toHaveTextContent('Tacos2 votos · 67%');
    expect(group).toHaveTextContent('Pizza1 voto · 33%');
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeVisible();

    await userEvent.setup().click(screen.getByRole('radio', { name: /Dim sum/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Dim sum Tu voto 1 voto · 25%/ })).toBeChecked(),
    );
    expect(screen.getByRole('radiogroup', { name: 'Tu voto (puedes cambiarlo)' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bpolls\.[a-z]+\.[a-zA-Z]/);
  });

  it("shows a closed poll's result and the owner's confirmation in Spanish", async () => {
    stored = lunchPoll({ isOwner: true, closed: true, closedAt: '2026-11-23T12:00:00.000Z' });
    await renderPoll();
    const result = await screen.findByRole('region', { name: 'Resultado' });
    expect(result).toHaveTextContent('Tacos Ganadora2 votos · 67%');
    expect(result).toHaveTextContent('Esta encuesta está cerrada y ya no recibe votos.');
    expect(screen.getByText('Cerrada')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cerrar encuesta' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Eliminar encuesta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar esta encuesta?' });
    expect(dialog).toHaveTextContent(
      'Desaparecerá, con sus votos, para todos los que tengan el enlace.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bpolls\.[a-z]+\.[a-zA-Z]/);
  });

  it('confirms closing an open poll in Spanish', async () => {
    stored = lunchPoll({ isOwner: true });
    await renderPoll();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar encuesta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar esta encuesta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar encuesta' }));
    expect(await screen.findByRole('region', { name: 'Resultado' })).toBeVisible();
  });

  it('says a missing poll does not exist, in Spanish', async () => {
    stored = null;
    await renderPoll('/poll/nope', 'nope');
    expect(
      await screen.findByRole('heading', { name: 'Esta encuesta no existe o fue eliminada' }),
    ).toBeVisible();
    expect(
      screen.getByText('Revisa el enlace o pídele uno nuevo a quien te lo compartió.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });
});
