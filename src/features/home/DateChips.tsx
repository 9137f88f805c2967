import { lazy, Suspense, useState } from 'react';
import { monthDayLabel } from '../../domain/calendarDay.ts';
import { type HomeDateFilter, type HomeDateWord, homeDateWords } from '../../domain/dateFilter.ts';
import { Inline, Modal, Skeleton, ToggleChip } from '../../ui/index.ts';
import { useFeedbackFirst } from '../../ui/useFeedbackFirst.ts';
import { i18n } from './messages.ts';

const CalendarPicker = lazy(() => import('./CalendarPicker.tsx'));

/**
 * The calendar chip's text: 'Calendar', or the picked day as 'MMM d' (docs/product.md#spec-9).
 * Written without Intl or date-fns: see domain/calendarDay.ts.
 */
export function calendarChipLabel(filter: HomeDateFilter): string {
  return filter.kind === 'calendar' ? monthDayLabel(filter.day) : i18n.t('home.dateChips.calendar');
}

/** A word chip's text, in the language in use (each id written out, for the extractor). */
function dateWordLabel(word: HomeDateWord): string {
  switch (word) {
    case 'today':
      return i18n.t('home.dateChips.today');
    case 'tomorrow':
      return i18n.t('home.dateChips.tomorrow');
    case 'weekend':
      return i18n.t('home.dateChips.weekend');
    case 'next_week':
      return i18n.t('home.dateChips.nextWeek');
  }
}

interface DateChipsProps {
  filter: HomeDateFilter;
  onChange: (filter: HomeDateFilter) => void;
}

/**
 * Today · Tomorrow · This Weekend · Next Week · Calendar (docs/product.md#spec-2-home, docs/product.md#spec-4-date-filter):
 * a chip sets its word and clears the calendar day; picking a day selects Calendar, which then
 * reads 'MMM d'. Pressing the selected word again clears the filter.
 */
export function DateChips({ filter: appliedFilter, onChange: applyFilter }: DateChipsProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  // The chip shows its new state in the next frame; the lists follow after it is painted.
  const [filter, onChange] = useFeedbackFirst(appliedFilter, applyFilter);
  return (
    <Inline
      as="fieldset"
      space="2"
      aria-label={i18n.t('home.dateChips.groupLabel')}
      style={{ border: 0, margin: 0, padding: 0 }}
    >
      {homeDateWords.map((word) => (
        <ToggleChip
          key={word}
          compact
          isSelected={filter.kind === 'word' && filter.word === word}
          onChange={(selected) => onChange(selected ? { kind: 'word', word } : { kind: 'none' })}
        >
          {dateWordLabel(word)}
        </ToggleChip>
      ))}
      <ToggleChip
        compact
        icon="calendar"
        isSelected={filter.kind === 'calendar'}
        // Pressing it always opens the calendar (to pick another day); it is "selected" while a
        // picked day is the filter.
        onChange={() => setCalendarOpen(true)}
        aria-label={
          filter.kind === 'calendar'
            ? i18n.t('home.dateChips.calendarPicked', { day: calendarChipLabel(filter) })
            : i18n.t('home.dateChips.calendarPick')
        }
      >
        {calendarChipLabel(filter)}
      </ToggleChip>
      <Modal
        title={i18n.t('home.calendar.title')}
        isOpen={calendarOpen}
        onOpenChange={setCalendarOpen}
      >
        {(close) => (
          <Suspense fallback={<Skeleton height={320} radius={16} />}>
            <CalendarPicker
              value={filter.kind === 'calendar' ? filter.day : undefined}
              onPick={(day) => {
                onChange({ kind: 'calendar', day });
                close();
              }}
            />
          </Suspense>
        )}
      </Modal>
    </Inline>
  );
}
