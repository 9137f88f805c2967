import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { cardDateLabel, cardPriceLabel } from './eventDisplay.ts';

describe('cardDateLabel', () => {
  it('reads the venue’s day the API sends, whatever the UTC date says', () => {
    // The API worked the day out in the venue's zone; the label must not redo it in another.
    expect(
      cardDateLabel({
        date: '2026-11-29T03:00:00.000Z',
        day: '2026-11-28',
        time: '7:00 PM',
        timeZone: 'America/Los_Angeles',
      }),
    ).toBe('Sat, Nov 28 · 7:00 PM');
    expect(
      cardDateLabel({
        date: '2026-11-29T03:00:00.000Z',
        day: '2026-12-01',
        time: '',
        timeZone: 'UTC',
      }),
    ).toBe('Tue, Dec 1');
  });

  it('works the day out in the venue’s zone for an event kept without one, with the time when there is one', () => {
    // 03:00 UTC on the 29th is still the evening of the 28th in Los Angeles.
    expect(
      cardDateLabel({
        date: '2026-11-29T03:00:00.000Z',
        time: '7:00 PM',
        timeZone: 'America/Los_Angeles',
      }),
    ).toBe('Sat, Nov 28 · 7:00 PM');
    expect(
      cardDateLabel({ date: '2026-11-29T03:00:00.000Z', time: '', timeZone: 'Europe/Paris' }),
    ).toBe('Sun, Nov 29');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(
      cardDateLabel({ date: '2026-11-29T03:00:00.000Z', time: '', timeZone: 'Mars/Olympus' }),
    ).toBe('Sun, Nov 29');
  });
});

describe('cardPriceLabel', () => {
  it.each([
    ['$25', '$25'],
    ['Free', 'FREE'],
    ['free', 'FREE'],
    ['', 'FREE'],
    ['  ', 'FREE'],
    [null, 'FREE'],
    ['$15 - $40', '$15 - $40'],
  ])('%s → %s', (price, expected) => {
    expect(cardPriceLabel(price)).toBe(expected);
  });
});

describe('card labels in Spanish', () => {
  afterEach(() => changeLocale('en'));

  it('say free and the day the Spanish way; the listed price stays as written', async () => {
    await changeLocale('es');
    expect(cardPriceLabel('Free')).toBe('GRATIS');
    expect(cardPriceLabel('$15 - $40')).toBe('$15 - $40');
    expect(cardDateLabel({ date: '', day: '2026-11-28', time: '7:00 PM', timeZone: 'UTC' })).toBe(
      'sáb, 28 nov · 7:00 PM',
    );
  });
});
