import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import CalendarPicker from '../features/home/CalendarPicker.tsx';
import { changeLocale } from '../i18n/i18n.ts';
import { AriaLocale } from './providers.tsx';

afterEach(async () => {
  await changeLocale('en');
});

/** This month as Intl writes it in `locale` ('diciembre de 2026'). */
const thisMonth = (locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date());

/** The grid's header row (hidden from screen readers, which hear each day's full date). */
const weekdayNames = () => [...document.querySelectorAll('th')].map((cell) => cell.textContent);

function renderCalendar() {
  render(
    <AriaLocale>
      <CalendarPicker value={undefined} onPick={() => undefined} />
    </AriaLocale>,
  );
}

describe("react-aria's locale", () => {
  it("follows Spanish: the calendar's month and weekdays are Spanish, Monday first", async () => {
    await act(() => changeLocale('es'));
    renderCalendar();
    expect(screen.getByRole('grid', { name: `Elige un día, ${thisMonth('es')}` })).toBeVisible();
    const weekdays = weekdayNames();
    expect(weekdays).toEqual(['L', 'M', 'X', 'J', 'V', 'S', 'D']);
  });

  it("stays react-aria's own in English (no locale passed, so no Intl.Locale is built)", () => {
    renderCalendar();
    expect(screen.getByRole('grid', { name: `Pick a day, ${thisMonth('en-US')}` })).toBeVisible();
    const weekdays = weekdayNames();
    expect(weekdays).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
  });
});
