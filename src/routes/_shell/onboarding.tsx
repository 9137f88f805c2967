import { createFileRoute } from '@tanstack/react-router';
import { ComingInThisBuild } from '../../features/shell/ComingInThisBuild.tsx';

export const Route = createFileRoute('/_shell/onboarding')({
  component: () => <ComingInThisBuild title="Onboarding" />,
});
