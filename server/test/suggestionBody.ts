import type { SuggestEventBody } from '../../contract/suggestions.ts';

/** A day `days` from now, as the form sends it (YYYY-MM-DD); far enough from any zone's today. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A complete suggestion as the form sends it, ten days ahead (spaces around the title, as a
 * person types them: the service trims).
 */
export function suggestionBody(overrides: Partial<SuggestEventBody> = {}): SuggestEventBody {
  return {
    title: '  Bubble Festival  ',
    description: 'Giant bubbles for all ages.',
    date: dayFromNow(10),
    time: '10:30',
    venue: 'Lake Merritt Amphitheater',
    address: '1520 Lakeside Dr',
    place: 'Oakland, CA',
    price: '$5, kids free',
    category: 'popup',
    minAge: 2,
    maxAge: 10,
    ticketUrl: 'https://tickets.example/bubbles',
    ...overrides,
  };
}
