import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatePollBody, Poll } from '../../../contract/polls.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import PollDialog from './PollDialog.tsx';

function pollFrom(body: CreatePollBody): Poll {
  return {
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    title: body.title,
    description: body.description ?? '',
    options: body.options.map((text, index) => ({ id: String(index + 1), text, votes: 0 })),
    totalVotes: 0,
    myVote: null,
    isOwner: true,
    closed: false,
    closedAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  };
}

/** The dialog as the home section uses it: an Open button, and the dialog kept mounted. */
function Harness({ create }: { create: (body: CreatePollBody) => Promise<Poll> }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PollDialog isOpen={isOpen} onOpenChange={setOpen} create={create} />
    </QueryClientProvider>
  );
}

/** Renders the open dialog and waits for it: a dialog's code loads with its first opening. */
async function setup() {
  const create = vi.fn(async (body: CreatePollBody) => pollFrom(body));
  render(<Harness create={create} />);
  await screen.findByRole('dialog', { name: 'Create a Family Poll' });
  return { create, user: userEvent.setup() };
}

const titleField = () => screen.getByRole('textbox', { name: /Poll title/ });
const optionField = (n: number) => screen.getByRole('textbox', { name: `Option ${n}` });
const optionFields = () => screen.getAllByRole('textbox', { name: /^Option \d$/ });
const createButton = () => screen.getByRole('button', { name: 'Create Poll' });
const addButton = () => screen.queryByRole('button', { name: 'Add Option' });
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove option/ });

describe('PollDialog', () => {
  it('starts with a title, a description and two empty options, Create disabled', async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: 'Create a Family Poll' })).toBeInTheDocument();
    expect(titleField()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toHaveValue('');
    expect(optionFields()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(0);
    expect(createButton()).toBeDisabled();
  });

  it('needs a title that is not blank once trimmed, and two non-blank options', async () => {
    const { user } = await setup();
    await user.type(titleField(), '   ');
    await user.type(optionField(1), 'Tacos');
    await user.type(optionField(2), 'Pizza');
    expect(createButton()).toBeDisabled();
    expect(screen.getByText('Give the poll a title.')).toBeInTheDocument();

    await user.type(titleField(), 'Lunch');
    expect(createButton()).toBeEnabled();

    await user.clear(optionField(2));
    await user.type(optionField(2), '   ');
    expect(createButton()).toBeDisabled();
    expect(screen.getByText('Fill in at least 2 options.')).toBeInTheDocument();
  });

  it('adds options up to 5, then hides Add Option; remove shows only above 2', async () => {
    const { user } = await setup();
    for (const count of [3, 4, 5]) {
      const add = addButton();
      if (!add) throw new Error(`Add Option is missing at ${count - 1} options`);
      await user.click(add);
      expect(optionFields()).toHaveLength(count);
      expect(removeButtons()).toHaveLength(count);
    }
    expect(addButton()).toBeNull();
    expect(screen.getByText('A poll has at most 5 options.')).toBeInTheDocument();

    await user.type(optionField(3), 'Third');
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(optionFields()).toHaveLength(4);
    // The rest move up and are renumbered: what was option 3 is option 2 now.
    expect(optionField(2)).toHaveValue('Third');
    expect(addButton()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove option 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(optionFields()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(0);
  });

  it('sends the trimmed draft without blank options, then closes and resets', async () => {
    const { create, user } = await setup();
    await user.type(titleField(), '  Sunday lunch  ');
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), ' Pick one ');
    await user.type(optionField(1), ' Tacos ');
    await user.click(addButton() as HTMLElement);
    await user.type(optionField(3), 'Dim sum');
    await user.click(createButton());

    expect(create).toHaveBeenCalledWith({
      title: 'Sunday lunch',
      description: 'Pick one',
      options: ['Tacos', 'Dim sum'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(titleField()).toHaveValue('');
    expect(optionFields()).toHaveLength(2);
    expect(optionField(1)).toHaveValue('');
    expect(createButton()).toBeDisabled();
  });

  it('keeps the draft when closed without creating', async () => {
    const { create, user } = await setup();
    await user.type(titleField(), 'Movie night');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(titleField()).toHaveValue('Movie night');
    expect(create).not.toHaveBeenCalled();
  });

  it('says why when the server refuses, and keeps what was typed', async () => {
    const create = vi.fn(async () => {
      throw new Error(
        '400: {"error":"bad_request","message":"body/title: Give the poll a title."}',
      );
    });
    render(<Harness create={create} />);
    await screen.findByRole('dialog', { name: 'Create a Family Poll' });
    const user = userEvent.setup();
    await user.type(titleField(), 'Lunch');
    await user.type(optionField(1), 'A');
    await user.type(optionField(2), 'B');
    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't create the poll. 400:");
    expect(titleField()).toHaveValue('Lunch');
  });
});

describe('PollDialog, in Spanish', () => {
  beforeEach(async () => {
    await act(() => changeLocale('es'));
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  it('labels the fields, says what Create still needs and creates the poll', async () => {
    const createPoll = vi.fn(async (body: CreatePollBody) => pollFrom(body));
    render(<Harness create={createPoll} />);
    await screen.findByRole('dialog', { name: 'Crea una encuesta familiar' });
    const user = userEvent.setup();
    const create = () => screen.getByRole('button', { name: 'Crear encuesta' });
    expect(screen.getByRole('textbox', { name: /Título de la encuesta/ })).toHaveAttribute(
      'placeholder',
      '¿A dónde vamos este fin de semana?',
    );
    expect(screen.getByRole('textbox', { name: 'Descripción (opcional)' })).toBeVisible();
    expect(screen.getByText('Ponle un título a la encuesta.')).toBeInTheDocument();
    expect(create()).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /Título de la encuesta/ }), 'Almuerzo');
    expect(screen.getByText('Escribe al menos 2 opciones.')).toBeInTheDocument();

    for (let added = 0; added < 3; added++) {
      await user.click(screen.getByRole('button', { name: 'Agregar opción' }));
    }
    expect(screen.getAllByRole('textbox', { name: /^Opción \d$/ })).toHaveLength(5);
    expect(screen.getByText('Una encuesta puede tener como máximo 5 opciones.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quitar la opción 5' }));
    await user.click(screen.getByRole('button', { name: 'Quitar la opción 4' }));
    await user.click(screen.getByRole('button', { name: 'Quitar la opción 3' }));

    await user.type(screen.getByRole('textbox', { name: 'Opción 1' }), 'Tacos');
    await user.type(screen.getByRole('textbox', { name: 'Opción 2' }), 'Pizza');
    expect(document.body.textContent).not.toMatch(/\bpolls\.[a-z]+\.[a-zA-Z]/);
    await user.click(create());
    expect(createPoll).toHaveBeenCalledWith({
      title: 'Almuerzo',
      description: '',
      options: ['Tacos', 'Pizza'],
    });
  });

  it('says in Spanish that the poll could not be created', async () => {
    const create = vi.fn(async () => {
      throw new Error('500: boom');
    });
    render(<Harness create={create} />);
    await screen.findByRole('dialog', { name: 'Crea una encuesta familiar' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Título de la encuesta/ }), 'Almuerzo');
    await user.type(screen.getByRole('textbox', { name: 'Opción 1' }), 'A');
    await user.type(screen.getByRole('textbox', { name: 'Opción 2' }), 'B');
    await user.click(screen.getByRole('button', { name: 'Crear encuesta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos crear la encuesta. 500: boom',
    );
  });
});
