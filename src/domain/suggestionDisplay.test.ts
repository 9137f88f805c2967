import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { suggestionAgesText, suggestionStatus, suggestionWhen } from './suggestionDisplay.ts';

describe('suggestionStatus', () => {
  it.each([
    ['waiting', null, 'Waiting for review', 'neutral'],
    ['published', null, 'Published', 'success'],
    ['declined', 'It is a private party.', 'Not published: It is a private party.', 'danger'],
  ] as const)('%s → "%s"', (status, reason, label, tone) => {
    expect(suggestionStatus({ status, reason })).toEqual({ label, tone });
  });
});

describe('suggestionWhen', () => {
  const startsAt = '2026-12-05T18:30:00.000Z';

  it("shows the day and time on the venue's clock", () => {
    expect(suggestionWhen({ startsAt, timeZone: 'America/Los_Angeles', hasTime: true })).toBe(
      'Sat, Dec 5, 10:30 AM',
    );
  });

  it('shows the day alone for an all-day event', () => {
    expect(suggestionWhen({ startsAt, timeZone: 'America/Los_Angeles', hasTime: false })).toBe(
      'Sat, Dec 5',
    );
  });
});

describe('suggestionAgesText', () => {
  it.each([
    [2, 10, 'Ages 2–10'],
    [null, 4, 'Ages 0–4'],
    [13, null, 'Ages 13+'],
    [21, null, '21+'],
    [null, null, null],
  ] as const)('min %s, max %s → %s', (minAge, maxAge, expected) => {
    expect(suggestionAgesText({ minAge, maxAge })).toBe(expected);
  });
});

describe('a suggestion in Spanish', () => {
  afterEach(() => changeLocale('en'));

  it('says where it stands, when and for which ages the Spanish way', async () => {
    await changeLocale('es');
    expect(suggestionStatus({ status: 'waiting', reason: null }).label).toBe('Esperando revisión');
    expect(suggestionStatus({ status: 'published', reason: null }).label).toBe('Publicado');
    expect(suggestionStatus({ status: 'declined', reason: 'Es privada.' }).label).toBe(
      'No publicado: Es privada.',
    );
    expect(suggestionStatus({ status: 'declined', reason: null }).label).toBe('No publicado:');
    const startsAt = '2026-12-05T18:30:00.000Z';
    expect(suggestionWhen({ startsAt, timeZone: 'America/Los_Angeles', hasTime: true })).toBe(
      'sáb, 5 dic, 10:30',
    );
    expect(suggestionWhen({ startsAt, timeZone: 'America/Los_Angeles', hasTime: false })).toBe(
      'sáb, 5 dic',
    );
    expect(suggestionAgesText({ minAge: 2, maxAge: 10 })).toBe('De 2 a 10 años');
  });
});
