import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type HomeDateFilter, isoDay, noDateFilter } from '../../domain/dateFilter.ts';
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

  it("opens the calendar, disables past days, and a picked day reads 'MMM d' on the chip", async () => {
    render(<Harness initial={{ kind: 'word', word: 'tomorrow' }} />);
    await userEvent.click(chip('Calendar: pick a day'));
    const dialog = await screen.findByRole('dialog', { name: 'Pick a day' });
    const grid = await within(dialog).findByRole('grid');

    // Nothing before today: no way back to last month, and yesterday (when it is in this month's
    // grid) cannot be pressed.
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
    const yesterday = addDays(new Date(), -1);
    const target = addDays(new Date(), 2);
    if (yesterday.getMonth() === new Date().getMonth()) {
      const pastCell = within(grid).getByText(String(yesterday.getDate()), {
        selector: '[role="button"]',
      });
      expect(pastCell).toHaveAttribute('aria-disabled', 'true');
    }
    if (target.getMonth() !== new Date().getMonth()) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    }
    await userEvent.click(
      within(grid).getByText(String(target.getDate()), { selector: '[role="button"]' }),
    );

    await waitFor(() => expect(latest).toEqual({ kind: 'calendar', day: isoDay(target) }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const label = format(target, 'MMM d');
    expect(chip(`Calendar: ${label}, pick another day`)).toHaveTextContent(label);
    expect(chip(`Calendar: ${label}, pick another day`)).toHaveAttribute('aria-pressed', 'true');
    // Choosing a word clears the picked day.
    expect(chip('Tomorrow')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip('Tomorrow'));
    expect(chip('Calendar: pick a day')).toHaveTextContent('Calendar');
    await waitFor(() => expect(latest).toEqual({ kind: 'word', word: 'tomorrow' }));
  });
});
