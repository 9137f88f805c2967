import { createFileRoute } from '@tanstack/react-router';
import { PollScreen } from '../../features/polls/PollScreen.tsx';

/** A family poll's share link: anyone signed in may open it and vote. */
export const Route = createFileRoute('/_shell/poll/$id')({
  component: PollRoute,
});

function PollRoute() {
  const { id } = Route.useParams();
  return <PollScreen id={id} />;
}
