// Startup stage 3 (src/main.tsx): react-aria, whose evaluation reads the locale (the first use of
// the browser's Intl data) and the viewport, in a task of its own.
export { Button } from 'react-aria-components';
