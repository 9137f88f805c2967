import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HomeDateFilter, noDateFilter } from '../../domain/dateFilter.ts';
import { calendarChipLabel, DateChips } from './DateChips.tsx';

let latest: HomeDateFilter = noDateFilter;
function Harness({ initial = noDateFilter }: { initial?: HomeDateFilter }) {
  const [filter, setFilter] = useState(initial);
  latest = filter;
  return <DateChips filter={filter} onChange={setFilter} />;
}

const chip = (name: string | RegExp) => screen.getByRole('button', { name });

describe('DateChips', () => {
  it("labels the calendar chip 'MMM d' once a day is picked", () => {
    expect(calendarChipLabel(noDateFilter)).toBe('Calendar');
    expect(calendarChipLabel({ kind: 'word', word: 'today' })).toBe('Calendar');
    expect(calendarChipLabel({ kind: 'calendar', day: '2026-12-05' })).toBe('Dec 5');
  });

  it('selects one word at a time, and a second press clears it', async () => {
    render(<Harness />);
    for (const name of ['Today', 'Tomorrow', 'This Weekend', 'Next Week']) {
      expect(chip(name)).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(chip('This Weekend'));
    expect(chip('This Weekend')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(latest).toEqual({ kind: 'word', word: 'weekend' }));

    await userEvent.click(chip('Today'));
    expect(chip('This Weekend')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(latest).toEqual({ kind: 'word', word: 'today' }));

    await userEvent.click(chip('Today'));
    expect(chip('Today')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(latest).toEqual({ kind: 'none' }));
  });

  // The calendar's days depend on today, so each case sets it (only Date is faked: userEvent's
  // timers stay real). A day two days ahead in this month, and one in the next month, where the
  // grid shows that month's outside days too (December's grid ends on January's 1st): cells are
  // found by their full accessible name, never by the day's number alone.
  describe.each([
    {
      when: 'mid-month',
      now: new Date(2026, 10, 12, 9, 0),
      yesterday: 'Wednesday, November 11, 2026',
      target: { name: 'Saturday, November 14, 2026', day: '2026-11-14', label: 'Nov 14' },
      nextMonth: false,
    },
    {
      when: 'at the month end, two days ahead in the next month',
      now: new Date(2026, 10, 29, 23, 30),
      yesterday: 'Saturday, November 28, 2026',
      target: { name: 'Tuesday, December 1, 2026', day: '2026-12-01', label: 'Dec 1' },
      nextMonth: true,
    },
  ])('$when', ({ now, yesterday, target, nextMonth }) => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("opens the calendar, disables past days, and a picked day reads 'MMM d' on the chip", async () => {
      render(<Harness initial={{ kind: 'word', word: 'tomorrow' }} />);
      await userEvent.click(chip('Calendar: pick a day'));
      const dialog = await screen.findByRole('dialog', { name: 'Pick a day' });
      const grid = await within(dialog).findByRole('grid');

      // Nothing before today: no way back to last month, and yesterday cannot be pressed.
      expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
      expect(within(grid).getByRole('button', { name: yesterday })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      if (nextMonth) {
        await userEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
      }
      await userEvent.click(within(grid).getByRole('button', { name: target.name }));

      await waitFor(() => expect(latest).toEqual({ kind: 'calendar', day: target.day }));
      expect(screen.queryByRole('dialog')).toBeNull();
      const pickedChip = chip(`Calendar: ${target.label}, pick another day`);
      expect(pickedChip).toHaveTextContent(target.label);
      expect(pickedChip).toHaveAttribute('aria-pressed', 'true');
      // Choosing a word clears the picked day.
      expect(chip('Tomorrow')).toHaveAttribute('aria-pressed', 'false');
      await userEvent.click(chip('Tomorrow'));
      expect(chip('Calendar: pick a day')).toHaveTextContent('Calendar');
      await waitFor(() => expect(latest).toEqual({ kind: 'word', word: 'tomorrow' }));
    });
  });
});
