import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** 'Connected as …' on its own line, above which genres were ticked. */
export const summary = style({ display: 'block', color: vars.color.text });
