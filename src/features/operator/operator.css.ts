import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { input } from '../../ui/field.css.ts';
import * as layout from '../../ui/layout.ts';
import * as menu from '../../ui/menu.css.ts';
import { singleColumnPage } from '../../ui/page.css.ts';
import { noticeRecipe, panel } from '../../ui/surfaces.css.ts';

export const page = singleColumnPage;

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const card = style([layout.column('2'), panel, { minWidth: 0 }]);

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  overflowWrap: 'anywhere',
});

export const picture = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});

export const meta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const counts = style([meta, { fontVariantNumeric: 'tabular-nums' }]);

export const description = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const lastError = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const problem = noticeRecipe({ tone: 'danger', size: 'md', layout: 'text' });

/** A form is no Stack (Box takes no form attributes): the decline dialog's, laid out as one. */
export const dialogForm = layout.column('4');

/** 'Add a source': a panel like the cards, under the list. */
export const addForm = style([layout.column('4'), panel, { minWidth: 0 }]);

export const radioGroup = layout.column('2');

/** The interval select's trigger looks like the text fields around it. */
export const selectButton = style([
  input,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['2'],
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      '&[data-focus-visible]': {
        borderColor: vars.color.accent,
        boxShadow: `0 0 0 3px ${vars.color.accentSoft}`,
      },
    },
  },
]);

/** As wide as its trigger, so the choices line up under the field. */
export const selectPopover = style([menu.popover, { width: 'var(--trigger-width)' }]);

export const selectList = style([menu.menu, { maxHeight: 'inherit', overflowY: 'auto' }]);

export const selectItem = style([
  menu.item,
  {
    selectors: {
      '&[data-selected]': { color: vars.color.accent, fontWeight: vars.fontWeight.bold },
    },
  },
]);

export const dialogText = style({ margin: 0, color: vars.color.textMuted });

/** A timed job's failing runs: how many in a row, then the last error, on the danger tint. */
export const jobFailure = noticeRecipe({
  tone: 'danger',
  size: 'md',
  layout: 'column',
  gap: '2',
  text: 'sm',
});

export const jobFailureCount = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const jobFailureText = style({ margin: 0, overflowWrap: 'anywhere' });
