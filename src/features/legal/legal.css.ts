import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { iconTile, noticeRecipe } from '../../ui/surfaces.css.ts';

export const page = style([layout.column('5'), { maxWidth: '760px', marginInline: 'auto' }]);

export const backLink = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  minHeight: vars.size.touch,
  paddingRight: vars.space['2'],
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const heroIcon = style([
  iconTile.accent,
  {
    width: '52px',
    height: '52px',
    borderRadius: vars.radius.lg,
  },
]);

export const title = style({
  fontSize: vars.fontSize['3xl'],
  '@media': { 'screen and (min-width: 640px)': { fontSize: vars.fontSize['4xl'] } },
});

export const dates = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const dateItem = style({ display: 'flex', gap: vars.space['1'] });
globalStyle(`${dateItem} dt, ${dateItem} dd`, { margin: 0 });
globalStyle(`${dateItem} dt`, { fontWeight: vars.fontWeight.bold });

export const summary = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});

export const companyLine = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const tocTitle = style({ fontSize: vars.fontSize.md });

export const tocList = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: 0,
  paddingLeft: vars.space['5'],
  '@media': {
    'screen and (min-width: 640px)': {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: vars.space['6'],
    },
  },
});

export const tocLink = style({
  display: 'inline-block',
  paddingBlock: '6px',
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.semibold,
});

export const prose = style([
  layout.column('8'),
  { maxWidth: vars.size.readingMaxWidth, lineHeight: vars.lineHeight.relaxed },
]);

export const section = style([layout.column('3'), { scrollMarginTop: vars.space['4'] }]);

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

globalStyle(`${section} h3`, { fontSize: vars.fontSize.md, marginTop: vars.space['2'] });
globalStyle(`${section} ul`, {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  paddingLeft: vars.space['5'],
});
globalStyle(`${section} li::marker`, { color: vars.color.accentText });
globalStyle(`${section} strong`, { fontWeight: vars.fontWeight.bold });

/** The shared Card is no Box: laid out as a Stack with the layout class. */
export const contactCard = layout.column('2');

/** Above a translated document: that it is a translation and the English is binding. */
export const translationNotice = noticeRecipe({ tone: 'accent', size: 'md', gap: '2' });
