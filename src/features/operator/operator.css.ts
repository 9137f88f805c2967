import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { singleColumnPage } from '../../ui/page.css.ts';
import { bareList, noticeRecipe, panel } from '../../ui/surfaces.css.ts';

export const page = singleColumnPage;

export const section = layout.column('3');

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const list = style([bareList, layout.column('3')]);

export const card = style([layout.column('2'), panel, { minWidth: 0 }]);

export const cardHeading = style([layout.row('2'), { justifyContent: 'space-between' }]);

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

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

export const dialogForm = layout.column('4');
