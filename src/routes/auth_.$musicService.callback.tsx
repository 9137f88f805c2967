import { createFileRoute } from '@tanstack/react-router';
import { MusicCallbackScreen } from '../features/auth/MusicCallbackScreen.tsx';

// `auth_` keeps this route out of /auth's layout: the popup shows only the callback page.
export const Route = createFileRoute('/auth_/$musicService/callback')({
  component: MusicCallbackRoute,
});

function MusicCallbackRoute() {
  const { musicService } = Route.useParams();
  return <MusicCallbackScreen service={musicService} />;
}
