import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestEventBody, Suggestion } from '../../../contract/suggestions.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SuggestScreen } from './SuggestScreen.tsx';

/* 'Suggest an event' in Spanish (issue 35): the form, its checks and the thank-you. */

function suggestionFrom(body: SuggestEventBody): Suggestion {
  return {
    id: '6f1c7a52-8b4d-4b8e-9a55-0d2b0c6f0001',
    status: 'waiting',
    statusText: 'Waiting for review',
    reason: null,
    title: body.title,
    description: '',
    startsAt: '2026-12-05T18:30:00.000Z',
    timeZone: 'America/Los_Angeles',
    hasTime: true,
    venue: body.venue,
    address: '',
    location: 'Oakland, CA',
    latitude: 37.8,
    longitude: -122.26,
    priceText: null,
    category: body.category,
    minAge: null,
    maxAge: null,
    ticketUrl: null,
    imageId: null,
    eventId: null,
    createdAt: '2026-11-27T10:00:00.000Z',
  };
}

async function setup() {
  const send = vi.fn(async (body: SuggestEventBody) => suggestionFrom(body));
  await renderWithRouter(
    <QueryClientProvider client={new QueryClient()}>
      <SuggestScreen send={send} sendPicture={vi.fn()} today="2026-11-27" />
    </QueryClientProvider>,
    { path: '/suggest' },
  );
  return { send, user: userEvent.setup() };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

function expectNoIds() {
  expect(document.body.textContent).not.toMatch(/\bsuggest\.[a-z]+\.[a-zA-Z]/);
}

beforeEach(async () => {
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('SuggestScreen in Spanish', () => {
  it('names the form and every control in Spanish', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sugerir un evento' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Sugerir un evento' })).toBeInTheDocument();
    for (const name of [
      /Nombre del evento/,
      'Descripción (opcional)',
      /Lugar/,
      'Dirección (opcional)',
      /Ciudad o código postal/,
      'Precio (opcional)',
      'Edad mínima',
      'Edad máxima',
      'Enlace de boletos o información (opcional)',
    ]) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Cuándo' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Todo el día' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Categoría' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elegir una imagen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar a revisión' })).toBeInTheDocument();
    expectNoIds();
  });

  it('says what is missing or wrong in Spanish, field by field', async () => {
    const { send, user } = await setup();
    setValue('Fecha', '2026-11-01');
    await user.type(field('Edad mínima'), '12');
    await user.type(field('Edad máxima'), '5');
    await user.type(field('Enlace de boletos o información (opcional)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));

    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Hay respuestas que revisar: mira los campos marcados abajo.',
    );
    expect(field(/Nombre del evento/)).toHaveAccessibleDescription('Escribe el nombre del evento.');
    expect(screen.getByLabelText('Fecha', { exact: false })).toHaveAccessibleDescription(
      'Ese día ya pasó. Sugiere un evento próximo.',
    );
    expect(field('Edad máxima')).toHaveAccessibleDescription(
      'La edad máxima debe ser igual o mayor que la mínima.',
    );
    expect(screen.getByText('Elige la categoría que mejor encaje.')).toBeVisible();
    expectNoIds();
  });

  it('thanks in Spanish once the suggestion is sent', async () => {
    const { user } = await setup();
    await user.type(field(/Nombre del evento/), 'Bubble Festival');
    setValue('Fecha', '2026-12-05');
    setValue('Hora de inicio', '10:30');
    await user.type(field(/Lugar/), 'Lake Merritt Amphitheater');
    await user.type(field(/Ciudad o código postal/), 'Oakland, CA');
    await user.click(screen.getAllByRole('radio')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Enviar a revisión' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('¡Gracias! Recibimos “Bubble Festival”');
    expect(done).toHaveTextContent('Un operador de FamJam lo revisará pronto.');
    expect(screen.getByRole('link', { name: 'Volver al perfil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sugerir otro' })).toBeInTheDocument();
    expectNoIds();
  });
});
