import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The family's groups after 'Fits my family' on its chip: lighter than the label. */
export const groups = style({ fontWeight: vars.fontWeight.regular, whiteSpace: 'nowrap' });
