import { createFileRoute } from '@tanstack/react-router';
import { SuggestScreen } from '../../features/suggest/SuggestScreen.tsx';

/** 'Suggest an event', reached from Profile: the suggestion waits for an operator's review. */
export const Route = createFileRoute('/_shell/suggest')({
  component: () => <SuggestScreen />,
});
