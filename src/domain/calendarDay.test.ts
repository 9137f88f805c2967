import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { longDayLabel, monthDayLabel, shortDayLabel } from './calendarDay.ts';

/** Every day from 2024 (a leap year) to the end of 2028 (another), as 'YYYY-MM-DD'. */
function everyDay(): string[] {
  const days: string[] = [];
  for (let time = Date.UTC(2024, 0, 1); time <= Date.UTC(2028, 11, 31); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const intl = (options: Intl.DateTimeFormatOptions, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });

describe('calendar day labels', () => {
  it('read as Intl en-US writes them, on every day of five years', () => {
    const shortForm = intl({ weekday: 'short', month: 'short', day: 'numeric' });
    const longForm = intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    const monthDay = intl({ month: 'short', day: 'numeric' });
    const days = everyDay();
    expect(days).toHaveLength(1827);
    for (const day of days) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(shortDayLabel(day), day).toBe(shortForm.format(date));
      expect(longDayLabel(day), day).toBe(longForm.format(date));
      expect(monthDayLabel(day), day).toBe(monthDay.format(date));
    }
  });

  it('spells out the examples the spec gives', () => {
    expect(shortDayLabel('2026-11-28')).toBe('Sat, Nov 28');
    expect(longDayLabel('2026-11-28')).toBe('Saturday, November 28, 2026');
    expect(monthDayLabel('2026-02-05')).toBe('Feb 5');
  });
});

describe('calendar day labels in Spanish', () => {
  afterEach(() => changeLocale('en'));

  it("read as Intl's es writes them, on every day of five years", async () => {
    await changeLocale('es');
    const shortForm = intl({ weekday: 'short', month: 'short', day: 'numeric' }, 'es');
    const longForm = intl(
      { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
      'es',
    );
    const monthDay = intl({ month: 'short', day: 'numeric' }, 'es');
    for (const day of everyDay()) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(shortDayLabel(day), day).toBe(shortForm.format(date));
      expect(longDayLabel(day), day).toBe(longForm.format(date));
      expect(monthDayLabel(day), day).toBe(monthDay.format(date));
    }
  });

  it("spells the spec's examples the Spanish way", async () => {
    await changeLocale('es');
    expect(shortDayLabel('2026-11-28')).toBe('sáb, 28 nov');
    expect(longDayLabel('2026-11-28')).toBe('sábado, 28 de noviembre de 2026');
    expect(monthDayLabel('2026-02-05')).toBe('5 feb');
  });
});
