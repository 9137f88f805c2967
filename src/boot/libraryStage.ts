// Startup stage 2 (src/main.tsx): the router, React Query and XState, before react-aria and the app's own code.
export { QueryClient } from '@tanstack/react-query';
export { RouterProvider } from '@tanstack/react-router';
export { createActor } from 'xstate';
