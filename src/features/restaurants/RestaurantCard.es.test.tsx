import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n.ts';
import { restaurantFixture } from '../../test/fixtures.ts';
import { RestaurantCard } from './RestaurantCard.tsx';

beforeEach(async () => {
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('RestaurantCard in Spanish', () => {
  it("says the rating and Reserve in Spanish, the restaurant's own details as listed", () => {
    render(<RestaurantCard restaurant={restaurantFixture()} />);
    const card = screen.getByRole('article', { name: 'Little Star Pizza' });
    expect(within(card).getByText('Pizza · $$ · 0.8 mi')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Calificación: 4.5 de 5' })).toBeVisible();
    const reserve = within(card).getByRole('link', {
      name: 'Reservar una mesa en Little Star Pizza (se abre en una pestaña nueva)',
    });
    expect(reserve).toHaveTextContent('Reservar');
    expect(document.body.textContent).not.toMatch(/\brestaurants\.[a-z]+\.[a-zA-Z]/);
  });

  it('says a restaurant without a rating has none yet', () => {
    render(<RestaurantCard restaurant={restaurantFixture({ rating: 'N/A' })} />);
    expect(screen.getByText('Todavía sin calificaciones')).toBeVisible();
  });
});
