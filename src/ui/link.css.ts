import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const textLinkStyle = style({
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textDecorationThickness: '1.5px',
  textUnderlineOffset: '0.2em',
  borderRadius: '4px',
  selectors: { '&:hover': { textDecorationThickness: '2.5px' } },
});
