import { getLocalTimeZone, parseDate, today } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import { Box } from '../../ui/Box.tsx';
import * as styles from './calendar.css.ts';
import { i18n } from './messages.ts';

interface CalendarPickerProps {
  /** The picked day 'YYYY-MM-DD', if any. */
  value: string | undefined;
  onPick: (day: string) => void;
}

/**
 * The month grid behind the Calendar chip: react-aria's Calendar, days before today disabled
 * (docs/product.md#spec-5). Its own chunk: home loads it only when the chip is pressed (DESIGN size notes).
 */
export default function CalendarPicker({ value, onPick }: CalendarPickerProps) {
  return (
    <Calendar
      aria-label={i18n.t('home.calendar.title')}
      className={styles.calendar}
      minValue={today(getLocalTimeZone())}
      defaultValue={value ? parseDate(value) : undefined}
      onChange={(date) => onPick(date.toString())}
      autoFocus
    >
      <Box
        as="header"
        display="flex"
        alignItems="center"
        justifyContent="space-between"
        marginBottom="3"
      >
        <Button
          slot="previous"
          className={styles.navButton}
          aria-label={i18n.t('home.calendar.previousMonth')}
        >
          ‹
        </Button>
        <Heading className={styles.monthTitle} />
        <Button
          slot="next"
          className={styles.navButton}
          aria-label={i18n.t('home.calendar.nextMonth')}
        >
          ›
        </Button>
      </Box>
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => <CalendarCell date={date} className={styles.cell} />}
        </CalendarGridBody>
      </CalendarGrid>
    </Calendar>
  );
}
