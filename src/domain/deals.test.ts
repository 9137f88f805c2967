import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { eventFixture } from '../test/fixtures.ts';
import { DEAL_SOURCE, dealsFrom, originalPriceOf, timeLeftUntil } from './deals.ts';

// Local noon, so "calendar days" are the browser zone's days whatever zone the tests run in.
const now = new Date(2026, 10, 23, 12, 0);
const inDays = (days: number, hour = 12) => new Date(2026, 10, 23 + days, hour, 0);

describe('originalPriceOf (docs/product.md#spec-9: the first integer after the dollar sign, else 50)', () => {
  it.each([
    ['$25', 25],
    ['$15 - $40', 15],
    ['From $ 30 per family', 30],
    ['$12.50', 12],
    ['$1,200', 1200],
    ['Tickets 10 to $35', 35],
    ['$', 50],
    ['$ TBA', 50],
    ['$0', 0],
  ])('%s → %i', (price, expected) => {
    expect(originalPriceOf(price)).toBe(expected);
  });
});

describe('timeLeftUntil (docs/product.md#spec-9)', () => {
  it.each([
    [inDays(-2), 'Today!'],
    [inDays(0, 23), 'Today!'],
    [inDays(1, 0), '1 day left'],
    [inDays(1, 23), '1 day left'],
    [inDays(2), '2 days left'],
    [inDays(30), '30 days left'],
  ])('%s → %s', (date, expected) => {
    expect(timeLeftUntil(date, now)).toBe(expected);
  });
});

describe('dealsFrom', () => {
  it('derives a deal from each event whose price has a dollar sign, 30% off rounded', () => {
    const events = [
      eventFixture({ id: 'a', price: '$25', date: inDays(3).toISOString() }),
      eventFixture({ id: 'free', price: 'Free' }),
      eventFixture({ id: 'b', price: '$15 - $40', date: inDays(1).toISOString() }),
      eventFixture({ id: 'c', price: 'Donation', date: inDays(0).toISOString() }),
      eventFixture({ id: 'd', price: '$ see site', date: inDays(0).toISOString() }),
    ];
    const deals = dealsFrom(events, now);
    expect(
      deals.map(({ id, originalPrice, dealPrice, discount, timeLeft }) => ({
        id,
        originalPrice,
        dealPrice,
        discount,
        timeLeft,
      })),
    ).toEqual([
      { id: 'a', originalPrice: 25, dealPrice: 18, discount: 30, timeLeft: '3 days left' },
      { id: 'b', originalPrice: 15, dealPrice: 11, discount: 30, timeLeft: '1 day left' },
      { id: 'd', originalPrice: 50, dealPrice: 35, discount: 30, timeLeft: 'Today!' },
    ]);
    expect(new Set(deals.map((deal) => deal.source))).toEqual(new Set([DEAL_SOURCE]));
  });

  it('keeps the event fields a deal card shows', () => {
    const event = eventFixture({ ticketUrl: 'https://tickets.example/jazz' });
    const [deal] = dealsFrom([event], now);
    expect(deal).toMatchObject({
      title: event.title,
      description: event.description,
      venue: event.venue,
      location: event.location,
      category: event.category,
      imageUrl: event.imageUrl,
      ticketUrl: 'https://tickets.example/jazz',
    });
  });

  it('gives at most six deals, the first six that qualify in list order', () => {
    const events = Array.from({ length: 10 }, (_, index) =>
      eventFixture({ id: `e${index}`, price: index % 2 === 0 ? `$${index + 10}` : 'Free' }),
    );
    expect(dealsFrom(events, now).map((deal) => deal.id)).toEqual(['e0', 'e2', 'e4', 'e6', 'e8']);
    const allPriced = Array.from({ length: 10 }, (_, index) =>
      eventFixture({ id: `p${index}`, price: '$20' }),
    );
    expect(dealsFrom(allPriced, now).map((deal) => deal.id)).toEqual([
      'p0',
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
    ]);
  });

  it('has no deals when no price has a dollar sign', () => {
    expect(dealsFrom([eventFixture({ price: 'Free' }), eventFixture({ price: '' })], now)).toEqual(
      [],
    );
  });
});

describe('timeLeftUntil in Spanish', () => {
  afterEach(() => changeLocale('en'));

  it.each([
    [inDays(0), '¡Hoy!'],
    [inDays(1), 'Queda 1 día'],
    [inDays(3), 'Quedan 3 días'],
  ])('%s → %s', async (date, expected) => {
    await changeLocale('es');
    expect(timeLeftUntil(date, now)).toBe(expected);
  });
});
