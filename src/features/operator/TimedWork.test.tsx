import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '../../../contract/jobs.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { runTimeText } from './runTime.ts';
import { TimedWork } from './TimedWork.tsx';

const polling: JobStatus = {
  name: 'source-polling',
  running: false,
  lastRunAt: '2026-11-27T09:00:00.000Z',
  nextRunAt: '2026-11-27T09:20:00.000Z',
  lastError: 'connect ECONNREFUSED 127.0.0.1:5432',
  failures: 3,
};

const pictures: JobStatus = {
  name: 'picture-fetching',
  running: true,
  lastRunAt: null,
  nextRunAt: '2026-11-27T09:01:00.000Z',
  lastError: null,
  failures: 0,
};

const newer: JobStatus = { ...pictures, name: 'push-sending', running: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** GET /api/operator/jobs answers each call with the next answer given (the last one repeats). */
function jobsApi(...answers: (JobStatus[] | 'refuse')[]) {
  let calls = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (new URL(request.url).pathname !== '/api/operator/jobs') {
      return Response.json({}, { status: 404 });
    }
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (answer === 'refuse') {
      return Response.json(
        { error: 'forbidden', message: 'Only FamJam operators may do this.' },
        { status: 403 },
      );
    }
    return Response.json({ jobs: answer });
  });
}

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TimedWork />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('TimedWork', () => {
  it('shows each job by name with its runs, a running badge and a failing streak', async () => {
    jobsApi([pictures, polling, newer]);
    renderSection();
    const section = screen.getByRole('region', { name: 'Timed work' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Timed work' })).toBeVisible();

    const failing = await within(section).findByRole('article', { name: 'Source polling' });
    expect(failing).toHaveTextContent(`Last run: ${runTimeText(polling.lastRunAt ?? '')}`);
    expect(failing).toHaveTextContent(`Next run: ${runTimeText(polling.nextRunAt)}`);
    expect(within(failing).getByText('3 failed runs in a row')).toBeVisible();
    expect(
      within(failing).getByText('Last error: connect ECONNREFUSED 127.0.0.1:5432'),
    ).toBeVisible();
    expect(within(failing).queryByText('Running')).toBeNull();

    const running = within(section).getByRole('article', { name: 'Picture fetching' });
    expect(within(running).getByText('Running')).toBeVisible();
    expect(running).toHaveTextContent('Last run: Never');
    expect(running).toHaveTextContent(`Next run: ${runTimeText(pictures.nextRunAt)}`);
    expect(running).not.toHaveTextContent('failed');

    // A job this screen has no name for yet shows as the server calls it.
    expect(within(section).getByRole('article', { name: 'push-sending' })).toBeVisible();
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says when no timed work has run yet', async () => {
    jobsApi([]);
    renderSection();
    expect(
      await screen.findByRole('heading', { name: 'No timed work has run yet.' }),
    ).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("shows the API's refusal in words, and lists the jobs once a retry works", async () => {
    jobsApi('refuse', [polling]);
    const user = renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "We couldn't load the timed work. Only FamJam operators may do this.",
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Source polling' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('TimedWork, in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('names the jobs, their runs and a failing streak in Spanish', async () => {
    jobsApi([pictures, polling]);
    renderSection();
    const section = screen.getByRole('region', { name: 'Tareas programadas' });
    const failing = await within(section).findByRole('article', { name: 'Consulta de fuentes' });
    // The run times in Spanish too: '27 nov, 1:20', not 'Nov 27, 1:20 AM' (the day and hour are
    // the test machine's zone's, so only the form is asserted).
    expect(runTimeText(polling.nextRunAt)).toMatch(/^\d{1,2} nov, \d{1,2}:\d{2}$/);
    expect(failing).toHaveTextContent(`Última ejecución: ${runTimeText(polling.lastRunAt ?? '')}`);
    expect(failing).toHaveTextContent(`Próxima ejecución: ${runTimeText(polling.nextRunAt)}`);
    expect(within(failing).getByText('3 ejecuciones fallidas seguidas')).toBeVisible();
    expect(within(failing).getByText(/^Último error: connect ECONNREFUSED/)).toBeVisible();

    const running = within(section).getByRole('article', { name: 'Descarga de imágenes' });
    expect(within(running).getByText('En curso')).toBeVisible();
    expect(running).toHaveTextContent('Última ejecución: nunca');
    expect(document.body.textContent).not.toMatch(/\boperator\.[a-z]+\.[a-zA-Z]/);
  });

  it('says in Spanish when no timed work has run yet', async () => {
    jobsApi([]);
    renderSection();
    expect(
      await screen.findByRole('heading', {
        name: 'Todavía no se ha ejecutado ninguna tarea programada.',
      }),
    ).toBeVisible();
    expect(
      screen.getByText('Cada tarea aparece aquí cuando un proceso del servidor la inicia.'),
    ).toBeVisible();
  });
});
