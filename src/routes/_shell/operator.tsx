import { createFileRoute } from '@tanstack/react-router';
import { OperatorScreen } from '../../features/operator/OperatorScreen.tsx';

/**
 * The operator screen: suggestions to review and the event sources. Profile links to it only
 * for operators; the API refuses everyone else (403), which the screen says in words.
 */
export const Route = createFileRoute('/_shell/operator')({
  component: () => <OperatorScreen />,
});
