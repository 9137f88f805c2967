import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { restaurantFixture } from '../../test/fixtures.ts';
import { RestaurantCard } from './RestaurantCard.tsx';

describe('RestaurantCard', () => {
  it('shows name, cuisine, stars with a text alternative, distance and two features', () => {
    render(<RestaurantCard restaurant={restaurantFixture()} />);
    const card = screen.getByRole('article', { name: 'Little Star Pizza' });
    expect(within(card).getByText('Pizza · $$ · 0.8 mi')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
    expect(within(card).getByText('Kids menu')).toBeVisible();
    expect(within(card).getByText('High chairs')).toBeVisible();
    expect(within(card).queryByText('Outdoor seating')).toBeNull();
  });

  it('Reserve opens the booking page in a new tab', () => {
    render(<RestaurantCard restaurant={restaurantFixture()} />);
    const reserve = screen.getByRole('link', { name: /^Reserve/ });
    expect(reserve).toHaveAttribute('href', 'https://reserve.example/little-star');
    expect(reserve).toHaveAttribute('target', '_blank');
    expect(reserve).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no Reserve without a booking page, and says when there is no rating', () => {
    render(<RestaurantCard restaurant={restaurantFixture({ reservationUrl: null, rating: '' })} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Not rated yet')).toBeVisible();
  });

  it('falls back to the app’s restaurant illustration when the photo fails', () => {
    render(
      <RestaurantCard restaurant={restaurantFixture({ imageUrl: 'https://x.example/a.jpg' })} />,
    );
    const image = screen.getByRole('article').querySelector('img') as HTMLImageElement;
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/images/categories/restaurant.svg');
  });
});
