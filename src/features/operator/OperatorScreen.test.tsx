import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '../../../contract/jobs.ts';
import type { SourceSummary } from '../../../contract/sources.ts';
import type { Suggestion } from '../../../contract/suggestions.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { suggestionFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { OperatorScreen } from './OperatorScreen.tsx';
import { runTimeText } from './runTime.ts';

const waiting: Suggestion = suggestionFixture({
  description: 'Giant bubbles.',
  minAge: 2,
  maxAge: 10,
});

const library: SourceSummary = {
  id: 7,
  kind: 'ical',
  name: 'Oakland Library',
  url: 'https://library.example/events.ics',
  intervalSeconds: 21_600,
  enabled: true,
  lastRunAt: '2026-11-27T09:00:00.000Z',
  nextRunAt: '2026-11-27T15:00:00.000Z',
  lastOutcome: 'failed',
  added: 3,
  updated: 1,
  skipped: 0,
  invalid: 2,
  cancelled: 0,
  lastError: 'The feed answered 500.',
  eventCount: 40,
};

const polling: JobStatus = {
  name: 'source-polling',
  running: true,
  lastRunAt: '2026-11-27T09:00:00.000Z',
  nextRunAt: '2026-11-27T09:20:00.000Z',
  lastError: null,
  failures: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Posted {
  method?: string;
  path: string;
  body: string;
}

interface StubOptions {
  /** Every call answers 403, as to someone who is not an operator. */
  refuse?: boolean;
  /** How POST /api/operator/sources answers: a 400 with this message, or 201 with the source. */
  addRefusal?: string;
}

/** The operator API as the server answers an operator; what was posted is recorded. */
function operatorApi(options: StubOptions | boolean = {}) {
  const { refuse = false, addRefusal } =
    typeof options === 'boolean' ? { refuse: options } : options;
  const posted: Posted[] = [];
  let queue = [waiting];
  let listed = [library];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    if (refuse) {
      return Response.json(
        { error: 'forbidden', message: 'Only FamJam operators may do this.' },
        { status: 403 },
      );
    }
    if (request.method === 'POST') posted.push({ path: pathname, body: await request.text() });
    if (request.method === 'DELETE') {
      posted.push({ method: 'DELETE', path: pathname, body: '' });
      listed = listed.filter((source) => `/api/operator/sources/${source.id}` !== pathname);
      return new Response(null, { status: 204 });
    }
    if (pathname === '/api/operator/suggestions') return Response.json({ suggestions: queue });
    if (pathname === '/api/operator/sources' && request.method === 'POST') {
      if (addRefusal) {
        return Response.json({ error: 'bad_request', message: addRefusal }, { status: 400 });
      }
      const body = JSON.parse(posted.at(-1)?.body ?? '{}') as { name: string; url: string };
      const added: SourceSummary = {
        ...library,
        id: 8,
        name: body.name,
        url: body.url,
        lastRunAt: null,
        lastOutcome: null,
        lastError: null,
        // One, to see the count's singular.
        eventCount: 1,
      };
      listed = [...listed, added];
      return Response.json(added, { status: 201 });
    }
    if (pathname === '/api/operator/sources') return Response.json({ sources: listed });
    if (pathname === '/api/operator/jobs') return Response.json({ jobs: [polling] });
    if (pathname.endsWith('/decline')) {
      queue = [];
      return Response.json({ ...waiting, status: 'declined' });
    }
    if (pathname.endsWith('/publish')) {
      queue = [];
      return Response.json({ ...waiting, status: 'published' });
    }
    if (pathname.endsWith('/pause')) {
      listed = listed.map((source) => ({ ...source, enabled: false }));
      return Response.json(listed[0]);
    }
    return Response.json({}, { status: 404 });
  });
  return posted;
}

async function renderScreen() {
  await renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <OperatorScreen />
      </ToastProvider>
    </QueryClientProvider>,
    { path: '/operator' },
  );
  return userEvent.setup();
}

describe('OperatorScreen', () => {
  it('shows a waiting suggestion and publishes it', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const card = await screen.findByRole('article', { name: 'Bubble Festival' });
    expect(card).toHaveTextContent('Pop-Up Events · Free · Ages 2–10');
    await user.click(within(card).getByRole('button', { name: 'Publish Bubble Festival' }));
    expect(await screen.findByText('Nothing waiting')).toBeVisible();
    expect(posted.map((post) => post.path)).toEqual([
      `/api/operator/suggestions/${waiting.id}/publish`,
    ]);
  });

  it('declines with the reason typed, and asks for one first', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const card = await screen.findByRole('article', { name: 'Bubble Festival' });
    await user.click(within(card).getByRole('button', { name: 'Decline Bubble Festival' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline “Bubble Festival”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      expect.stringContaining('Say why, in a sentence the family will read.'),
    );
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Adults only.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: `/api/operator/suggestions/${waiting.id}/decline`,
          body: JSON.stringify({ reason: 'Adults only.' }),
        },
      ]),
    );
  });

  it('shows each source with its last run, and pauses it', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const card = await screen.findByRole('article', { name: 'Oakland Library' });
    expect(card).toHaveTextContent('iCalendar feed · 40 events');
    expect(card).toHaveTextContent(': failed');
    expect(card).toHaveTextContent('3 added · 1 updated · 0 skipped · 2 invalid · 0 cancelled');
    expect(card).toHaveTextContent('Last error: The feed answered 500.');
    expect(within(card).getByRole('button', { name: 'Run Oakland Library now' })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Pause Oakland Library' }));
    expect(
      await within(card).findByRole('button', { name: 'Resume Oakland Library' }),
    ).toBeVisible();
    expect(within(card).getByText('Paused')).toBeVisible();
    expect(posted.map((post) => post.path)).toEqual(['/api/operator/sources/7/pause']);
  });

  it("shows the API's refusal in words to someone who is not an operator", async () => {
    operatorApi(true);
    await renderScreen();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining(
        "We couldn't load the suggestions. Only FamJam operators may do this.",
      ),
      expect.stringContaining("We couldn't load the sources. Only FamJam operators may do this."),
    ]);
  });

  it('shows the timed work below the sources', async () => {
    operatorApi();
    await renderScreen();
    const job = await screen.findByRole('article', { name: 'Source polling' });
    expect(within(job).getByText('Running')).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(-2)).toEqual(['Sources', 'Timed work']);
  });

  it('leaves the timed work out for someone the sources refused: one refusal per list', async () => {
    operatorApi(true);
    await renderScreen();
    expect(
      await screen.findByText(/We couldn't load the sources. Only FamJam operators may do this./),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Timed work' })).toBeNull();
  });

  it('adds a source with what the form says, and lists it', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const form = await screen.findByRole('form', { name: 'Add a source' });
    expect(within(form).getByRole('radio', { name: 'iCalendar feed' })).toBeChecked();
    await user.type(
      within(form).getByRole('textbox', { name: /Feed URL/ }),
      'https://rockridge.example/events.ics',
    );
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Rockridge Library');
    await user.click(within(form).getByRole('button', { name: /How often/ }));
    await user.click(await screen.findByRole('option', { name: 'Once a day' }));
    await user.type(within(form).getByRole('textbox', { name: /Town/ }), 'Oakland, CA');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));

    const added = await screen.findByRole('article', { name: 'Rockridge Library' });
    expect(added).toBeVisible();
    expect(added).toHaveTextContent('iCalendar feed · 1 event');
    expect(added).not.toHaveTextContent('1 events');
    expect(posted).toEqual([
      {
        path: '/api/operator/sources',
        body: JSON.stringify({
          kind: 'ical',
          url: 'https://rockridge.example/events.ics',
          name: 'Rockridge Library',
          every: '1d',
          location: 'Oakland, CA',
        }),
      },
    ]);
    // Ready for the next one.
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it('sends a Ticketmaster query as such, leaving the town out when empty', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const form = await screen.findByRole('form', { name: 'Add a source' });
    await user.click(within(form).getByRole('radio', { name: 'Ticketmaster' }));
    await user.type(
      within(form).getByRole('textbox', { name: /Ticketmaster query/ }),
      'city=Oakland&stateCode=CA',
    );
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Oakland shows');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    await waitFor(() =>
      expect(posted.map((post) => JSON.parse(post.body))).toEqual([
        {
          kind: 'ticketmaster',
          url: 'city=Oakland&stateCode=CA',
          name: 'Oakland shows',
          every: '6h',
        },
      ]),
    );
  });

  it("asks for a name and an address first, then shows the server's refusal in words", async () => {
    const posted = operatorApi({
      addRefusal: '"not a url" is not a URL: give the feed\'s full http(s) address.',
    });
    const user = await renderScreen();
    const form = await screen.findByRole('form', { name: 'Add a source' });
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      expect.stringContaining('Give the source a name.'),
    );
    expect(within(form).getByRole('textbox', { name: /Feed URL/ })).toHaveAccessibleDescription(
      expect.stringContaining('Give the full http(s) address.'),
    );
    expect(posted).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /Feed URL/ }), 'not a url');
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Broken');
    await user.click(within(form).getByRole('button', { name: 'Add source' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'We couldn\'t add it. "not a url" is not a URL: give the feed\'s full http(s) address.',
    );
    expect(screen.queryByRole('article', { name: 'Broken' })).toBeNull();
  });

  it('removes a source only once the operator confirms, naming it', async () => {
    const posted = operatorApi();
    const user = await renderScreen();
    const card = await screen.findByRole('article', { name: 'Oakland Library' });
    await user.click(within(card).getByRole('button', { name: 'Remove Oakland Library' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Oakland Library?' });
    expect(dialog).toHaveTextContent('Its events stay on FamJam.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posted).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Remove Oakland Library' }));
    const again = await screen.findByRole('alertdialog', { name: 'Remove Oakland Library?' });
    await user.click(within(again).getByRole('button', { name: 'Remove source' }));
    expect(await screen.findByText('No sources yet')).toBeVisible();
    expect(posted).toEqual([{ method: 'DELETE', path: '/api/operator/sources/7', body: '' }]);
  });
});

describe('OperatorScreen, in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('shows the suggestions, sources and timed work in Spanish', async () => {
    operatorApi();
    const user = await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Operador' })).toBeVisible();
    expect(
      screen.getByText(
        'Revisa lo que sugieren las familias y mantén en marcha las fuentes de eventos.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sugerencias por revisar' })).toBeVisible();

    const suggestion = await screen.findByRole('article', { name: 'Bubble Festival' });
    expect(suggestion).toHaveTextContent('Gratis');
    expect(
      within(suggestion).getByRole('button', { name: 'Publicar Bubble Festival' }),
    ).toBeVisible();
    await user.click(within(suggestion).getByRole('button', { name: 'Rechazar Bubble Festival' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar “Bubble Festival”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar sugerencia' }));
    expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toHaveAccessibleDescription(
      expect.stringContaining('Explica el motivo en una frase que la familia pueda leer.'),
    );
    await user.keyboard('{Escape}');

    const source = await screen.findByRole('article', { name: 'Oakland Library' });
    expect(source).toHaveTextContent('Calendario iCalendar · 40 eventos');
    expect(source).toHaveTextContent(
      `Última ejecución: ${runTimeText(library.lastRunAt ?? '')}, falló`,
    );
    expect(source).toHaveTextContent(
      '3 agregados · 1 actualizado · 0 omitidos · 2 no válidos · 0 cancelados',
    );
    expect(source).toHaveTextContent('Último error: The feed answered 500.');
    expect(
      within(source).getByRole('button', { name: 'Ejecutar Oakland Library ahora' }),
    ).toBeVisible();
    expect(within(source).getByRole('button', { name: 'Pausar Oakland Library' })).toBeVisible();
    expect(within(source).getByRole('button', { name: 'Quitar Oakland Library' })).toBeVisible();

    const form = await screen.findByRole('form', { name: 'Agregar una fuente' });
    expect(within(form).getByRole('radiogroup', { name: 'Qué lee' })).toBeVisible();
    expect(within(form).getByRole('radio', { name: 'Calendario iCalendar' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /URL del calendario/ })).toBeVisible();
    await user.click(within(form).getByRole('button', { name: /Cada cuánto/ }));
    expect(await screen.findByRole('option', { name: 'Una vez al día' })).toBeVisible();
    await user.keyboard('{Escape}');

    expect(await screen.findByRole('region', { name: 'Tareas programadas' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Consulta de fuentes' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\boperator\.[a-z]+\.[a-zA-Z]/);
  });

  it('asks before removing a source, in Spanish', async () => {
    operatorApi();
    const user = await renderScreen();
    const source = await screen.findByRole('article', { name: 'Oakland Library' });
    await user.click(within(source).getByRole('button', { name: 'Quitar Oakland Library' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Quitar Oakland Library?' });
    expect(dialog).toHaveTextContent(
      'Sus eventos se quedan en FamJam. El servidor deja de consultar Oakland Library',
    );
    expect(within(dialog).getByRole('button', { name: 'Conservarla' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Quitar fuente' }));
    expect(await screen.findByText('Se quitó “Oakland Library”')).toBeVisible();
  });
});
