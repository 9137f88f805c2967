import { createFileRoute } from '@tanstack/react-router';
import { ComingInThisBuild } from '../../features/shell/ComingInThisBuild.tsx';

export const Route = createFileRoute('/_shell/event-detail')({
  component: () => <ComingInThisBuild title="Event Details" />,
});
