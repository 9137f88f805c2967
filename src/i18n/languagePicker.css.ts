import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { segmentedOption, segmentedTrack } from '../ui/segmented.ts';

export const picker = style({ display: 'grid', gap: vars.space['2'] });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const track = style({ display: 'grid', ...segmentedTrack });

export const option = style({
  minHeight: '44px',
  paddingInline: vars.space['3'],
  ...segmentedOption('[aria-checked="true"]'),
});
