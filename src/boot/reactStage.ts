// Startup stage 1 (src/main.tsx): React and React DOM, evaluated in a task of their own.
export { StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
