import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A small reset plus the app-wide rules: type, colours, focus rings, reduced motion. */

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  WebkitTapHighlightColor: 'transparent',
  backgroundColor: vars.color.background,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

// #root holds the server's page frame (and the element after it the sign-in frame a signed-in
// page also carries), #app the app (src/app/pageFrame.ts).
globalStyle('#root, [data-alternate-frame], #app', { minHeight: '100dvh', isolation: 'isolate' });

globalStyle('h1, h2, h3, h4, h5, h6', {
  margin: 0,
  fontFamily: vars.font.display,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.heavy,
  color: vars.color.text,
  overflowWrap: 'break-word',
});

globalStyle('p, ul, ol, dl, figure, blockquote', { margin: 0 });
globalStyle('img, svg, video, canvas', { display: 'block', maxWidth: '100%' });
globalStyle('img', { height: 'auto' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: vars.color.accentText, textUnderlineOffset: '0.18em' });

// One visible focus ring for everything keyboard-focused. react-aria marks keyboard focus with
// data-focus-visible; native elements use :focus-visible.
globalStyle(':focus-visible, [data-focus-visible]', {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

globalStyle('::selection', {
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentSoftText,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

globalStyle('html', {
  '@media': { '(prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' } },
});
