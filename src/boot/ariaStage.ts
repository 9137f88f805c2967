// Startup stage 3 (src/main.tsx): react-aria, whose evaluation reads the viewport, in a task of
// its own. (Its locale is fixed at build time: src/boot/englishLocale.ts.)
export { Button } from 'react-aria-components';
