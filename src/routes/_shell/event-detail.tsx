import { createFileRoute, useLocation } from '@tanstack/react-router';
import { eventIdFromHash } from '../../domain/eventLinks.ts';
import { EventDetailsScreen } from '../../features/eventDetails/EventDetailsScreen.tsx';

/**
 * The event chosen in app state (the shake's Let's Go), or the one a `#event-{id}` hash names
 * (the saved list's links): docs/product.md#spec-2-event-details.
 */
export const Route = createFileRoute('/_shell/event-detail')({
  component: EventDetailRoute,
});

function EventDetailRoute() {
  const hash = useLocation({ select: (location) => location.hash });
  return <EventDetailsScreen id={eventIdFromHash(hash)} />;
}
