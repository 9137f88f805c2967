import { createFileRoute } from '@tanstack/react-router';
import { EventDetailsScreen } from '../../features/eventDetails/EventDetailsScreen.tsx';

/** An event's shareable address (Invite Friends sends it; the server adds its preview tags). */
export const Route = createFileRoute('/_shell/event/$id')({
  component: EventRoute,
});

function EventRoute() {
  const { id } = Route.useParams();
  return <EventDetailsScreen id={id} />;
}
