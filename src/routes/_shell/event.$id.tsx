import { createFileRoute } from '@tanstack/react-router';
import { ComingInThisBuild } from '../../features/shell/ComingInThisBuild.tsx';

// `$id` is typed by the router (Route.useParams()); the event details issue reads it.
export const Route = createFileRoute('/_shell/event/$id')({
  component: () => <ComingInThisBuild title="Event Details" />,
});
