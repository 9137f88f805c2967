import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { segmentedOption, segmentedTrack } from '../../ui/segmented.ts';

/*
 * What the list's screens load for the map before it is asked for: the List/Map switch, the
 * place the map will take and the failure message. The map's own styles load with its chunk
 * (map.css.ts).
 */

/** List · Map, a segmented control (the look of the sign-in screen's mode switch). */
export const viewSwitch = style({
  display: 'inline-grid',
  ...segmentedTrack,
  flexShrink: 0,
  // Never narrower than its two labels: its columns could otherwise give way in a row that
  // shrinks (Saved's heading row), and the switch stuck out of the screen in Spanish (issue 35).
  minWidth: 'max-content',
  // At the line's end, also when a long count pushes it onto a line of its own.
  marginInlineStart: 'auto',
});

export const viewOption = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['1'],
  // Compact, so the switch stays on the count's line at 390 px and the first result's title
  // is still above the bottom navigation (e2e/search.spec.ts); 36 px with the group's padding
  // is still a comfortable target (WCAG 2.5.8 asks 24).
  minHeight: '32px',
  paddingInline: vars.space['3'],
  ...segmentedOption('[aria-pressed="true"]'),
});

/** The count and the switch on one line, the switch at the end. */
export const countRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  // One line: a long count wraps inside its own box rather than pushing the switch below it.
  flexWrap: 'nowrap',
});

/** The map's place: about half a phone's screen, so the first results still show below it. */
export const mapFrame = style({
  position: 'relative',
  height: 'min(56vh, 460px)',
  minHeight: '280px',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
  // Brought into view when it opens: clear of the bottom bar and the screen's top.
  scrollMarginTop: vars.space['4'],
  scrollMarginBottom: `calc(${vars.size.bottomNavHeight} + ${vars.space['4']})`,
  // Leaflet's panes and controls count their z-index in hundreds: kept inside the frame, under
  // the app's header, bottom bar and dialogs.
  isolation: 'isolate',
});

const pulse = keyframes({ '0%, 100%': { opacity: 0 }, '50%': { opacity: 0.7 } });

export const mapPlaceholder = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  isolation: 'isolate',
  // The frame behind the words pulses, never the words: text faded mid-pulse would fall under
  // the contrast minimum (axe caught it at 2.9:1).
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      inset: 0,
      zIndex: -1,
      backgroundColor: vars.color.surface,
      animation: `${pulse} 1.6s ease-in-out infinite`,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::before': { animation: 'none' } } },
  },
});

/** 'The map could not load…': said where the map would be, the list right below. */
export const mapFailed = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.warningSoftText,
});

export const mapFailedText = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
