import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '../../../contract/polls.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { FamilyPollSection } from './FamilyPollSection.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

let polls: Poll[];

const latest: Poll = {
  id: 'Pq3v9xZr0kLmNoPqRsTuVw',
  title: 'Sunday lunch',
  description: '',
  options: [
    { id: '1', text: 'Tacos', votes: 3 },
    { id: '2', text: 'Pizza', votes: 1 },
  ],
  totalVotes: 4,
  myVote: '1',
  isOwner: true,
  closed: false,
  closedAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === '/api/polls' && url.searchParams.get('limit') === '1') {
        return Response.json({ polls });
      }
      return Response.json({ error: 'not_found', message: 'no' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
});

function renderSection() {
  testAuth.current = signedInAuth();
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <FamilyPollSection />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('FamilyPollSection', () => {
  it('invites to create a poll when there is none, and opens the dialog', async () => {
    polls = [];
    await renderSection();
    const section = await screen.findByRole('region', { name: 'Family Poll' });
    expect(await within(section).findByText('No family poll yet')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Create Poll' }));
    expect(await screen.findByRole('dialog', { name: 'Create a Family Poll' })).toBeVisible();
  });

  it('shows the latest poll with its votes so far, and a link to its page', async () => {
    polls = [latest];
    await renderSection();
    const card = await screen.findByRole('article', { name: 'Sunday lunch' });
    expect(card).toHaveTextContent('4 votes so far');
    expect(card).toHaveTextContent('Tacos Your vote3 votes · 75%');
    expect(card).toHaveTextContent('Pizza1 vote · 25%');
    expect(within(card).getByRole('link', { name: 'Open poll' })).toHaveAttribute(
      'href',
      `/poll/${latest.id}`,
    );
  });

  it('Share copies the link and says so when the device has no share sheet', async () => {
    polls = [latest];
    const user = userEvent.setup();
    await renderSection();
    const card = await screen.findByRole('article', { name: 'Sunday lunch' });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Poll link copied to clipboard!')).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/poll/${latest.id}`,
    );
  });

  it('Share uses the device share sheet when there is one', async () => {
    polls = [latest];
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await renderSection();
    const card = await screen.findByRole('article', { name: 'Sunday lunch' });
    await userEvent.click(within(card).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Sunday lunch',
        text: 'Vote in our family poll: Sunday lunch',
        url: `${window.location.origin}/poll/${latest.id}`,
      }),
    );
    expect(screen.queryByText('Poll link copied to clipboard!')).toBeNull();
  });
});

describe('FamilyPollSection, in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('invites to create a poll in Spanish and opens the dialog', async () => {
    polls = [];
    await renderSection();
    const section = await screen.findByRole('region', { name: 'Encuesta familiar' });
    expect(await within(section).findByText('Aún no hay encuesta familiar')).toBeVisible();
    expect(
      within(section).getByText(
        '¿Nadie se pone de acuerdo para el sábado? Pregúntales a todos y deja que decidan los votos.',
      ),
    ).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Crear encuesta' }));
    expect(await screen.findByRole('dialog', { name: 'Crea una encuesta familiar' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bpolls\.[a-z]+\.[a-zA-Z]/);
  });

  it('shows the latest poll, votes so far and shares it in Spanish', async () => {
    polls = [{ ...latest, closed: true, closedAt: '2026-11-23T12:00:00.000Z' }];
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await renderSection();
    const card = await screen.findByRole('article', { name: 'Sunday lunch' });
    expect(card).toHaveTextContent('4 votos hasta ahora · Cerrada');
    expect(card).toHaveTextContent('Tacos Ganadora Tu voto3 votos · 75%');
    expect(card).toHaveTextContent('Pizza1 voto · 25%');
    expect(within(card).getByRole('link', { name: 'Ver resultado' })).toHaveAttribute(
      'href',
      `/poll/${latest.id}`,
    );
    expect(document.body.textContent).not.toMatch(/\bpolls\.[a-z]+\.[a-zA-Z]/);
    await userEvent.click(within(card).getByRole('button', { name: 'Compartir' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Sunday lunch',
        text: 'Vota en nuestra encuesta familiar: Sunday lunch',
        url: `${window.location.origin}/poll/${latest.id}`,
      }),
    );
  });

  it('says the link was copied, in Spanish, without a share sheet', async () => {
    polls = [latest];
    const user = userEvent.setup();
    await renderSection();
    const card = await screen.findByRole('article', { name: 'Sunday lunch' });
    await user.click(within(card).getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('¡Enlace de la encuesta copiado!')).toBeVisible();
  });
});
