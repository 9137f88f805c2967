// Static on purpose: onboarding's route chunk is already loaded only on /onboarding. Loaded lazily
// on its own, the music services made Rolldown move some 20 modules out of the entry into small
// shared chunks (/ +3.3 KB gz of chunk overhead, over its budget). MusicKit itself still loads
// only on the tap.
import { MusicServices } from '../music/MusicServices.tsx';
import { GenreChoices } from './AnswerSteps.tsx';
import type { StepBodyProps } from './stepBody.ts';

/** Music's body: the genres, and the services whose taste ticks more of them. */
export function MusicStep(props: StepBodyProps) {
  const { actor, flow } = props;
  return (
    <>
      <GenreChoices {...props} />
      <MusicServices
        connections={flow.musicConnections}
        onConnected={(connection) => {
          flow.setMusicConnections((current) => ({
            ...current,
            [connection.service]: connection,
          }));
          // Added to what the user picked, never taken away; they can still untick them.
          const picked = actor.getSnapshot().context.genres;
          for (const genre of connection.genres) {
            if (!picked.includes(genre)) actor.send({ type: 'user.toggleGenre', genre });
          }
        }}
      />
    </>
  );
}
