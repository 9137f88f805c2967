import { createActorContext } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { MusicGenre } from '../../../contract/family.ts';
import type { MusicArtist } from '../../../contract/music.ts';
import { errorText, musicPopupMachine, type SpotifyTaste } from '../../../machines/musicPopup.ts';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { inspect } from '../../app/inspector.ts';
import { famJamGenresOfArtists } from '../../domain/musicGenres.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button, useAlert } from '../../ui/index.ts';
import { connectAppleMusic } from './appleMusic.ts';
import { i18n } from './messages.ts';
import * as musicStyles from './music.css.ts';
import { fetchSpotifyAuthUrl, fetchSpotifyTaste, spotifyPopupActions } from './spotifyEffects.ts';

export type MusicService = 'spotify' | 'appleMusic';

/**
 * The running Spotify popup chart: started by SpotifyConnect below, each time the Music step
 * shows it (a fresh attempt per visit, as the step's own state is), read by its button and status.
 */
const MusicPopupActor = createActorContext(musicPopupMachine);

/** What a connected service adds to onboarding: the artists' names and the genres they suggest. */
export interface MusicConnection {
  service: MusicService;
  artistNames: string[];
  genres: MusicGenre[];
  /** What the step shows for it ('Connected as …', '3 artists in your library'). */
  summary: string;
  /** Which genres were ticked for the user, said plainly; null when none. */
  genresNote: string | null;
}

/**
 * What the Music step says when this server has credentials for neither service: a family
 * learns what it can do, not how the server is set up. A single service without credentials is
 * simply not offered.
 */
function noMusicServicesText(): string {
  return i18n.t('music.unavailable');
}

/** 'Pop', 'Pop and Jazz', 'Pop, Jazz and Family' ('Pop, Jazz y Family'). */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return i18n.t('music.list', {
    rest: names.slice(0, -1).join(', '),
    last: names.at(-1) ?? '',
  });
}

function libraryCount(count: number): string {
  return i18n.t('music.appleMusic.libraryCount', { count });
}

function spotifyConnection(taste: SpotifyTaste): MusicConnection {
  const genres = famJamGenresOfArtists(taste.artists);
  return {
    service: 'spotify',
    artistNames: taste.artists.map((artist) => artist.name),
    genres,
    summary: taste.displayName
      ? i18n.t('music.spotify.connectedAs', { name: taste.displayName })
      : i18n.t('music.spotify.connected'),
    genresNote:
      genres.length > 0 ? i18n.t('music.spotify.genresNote', { genres: listed(genres) }) : null,
  };
}

function appleMusicConnection(artists: readonly MusicArtist[]): MusicConnection {
  const genres = famJamGenresOfArtists(artists);
  return {
    service: 'appleMusic',
    artistNames: artists.map((artist) => artist.name),
    genres,
    summary: libraryCount(artists.length),
    genresNote:
      genres.length > 0 ? i18n.t('music.appleMusic.genresNote', { genres: listed(genres) }) : null,
  };
}

/** docs/product.md#spec-8: the internal text (and the API's answer behind it) goes to the console, never a token. */
function logFailure(service: string, error: unknown): void {
  console.error(`${service} connection failed: ${errorText(error)}`);
}

interface ServiceProps {
  connection: MusicConnection | undefined;
  onConnected: (connection: MusicConnection) => void;
}

function ServiceStatus({
  id,
  connection,
  text,
}: {
  id: string;
  connection?: MusicConnection;
  text: string | null;
}) {
  return (
    <div id={id} role="status" className={formStyles.statusLine}>
      {connection ? (
        <>
          <strong className={musicStyles.summary}>{connection.summary}</strong>
          {connection.genresNote}
        </>
      ) : (
        text
      )}
    </div>
  );
}

function SpotifyConnect(props: ServiceProps) {
  const showAlert = useAlert();
  // Provided once: the provider starts its actor from the first logic it is given.
  const [logic] = useState(() =>
    musicPopupMachine.provide({
      actors: {
        fetchAuthUrl: fetchSpotifyAuthUrl,
        fetchTaste: fetchSpotifyTaste,
      },
      actions: {
        ...spotifyPopupActions(),
        reportFailure: (_, { error }) => {
          logFailure('Spotify', error);
          showAlert(i18n.t('music.spotify.failed'));
        },
      },
    }),
  );
  const [input] = useState(() => ({ appOrigin: window.location.origin }));
  return (
    <MusicPopupActor.Provider logic={logic} options={{ input, inspect }}>
      <SpotifyButton {...props} />
    </MusicPopupActor.Provider>
  );
}

function SpotifyButton({ connection, onConnected }: ServiceProps) {
  const statusId = useId();
  const actor = MusicPopupActor.useActorRef();
  const value = MusicPopupActor.useSelector((snapshot) => snapshot.value);
  // Each new connection once: the parent ticks the genres and keeps the artists.
  const taste = MusicPopupActor.useSelector((snapshot) => snapshot.context.taste);
  const report = useRef(onConnected);
  report.current = onConnected;
  useEffect(() => {
    if (taste !== null) report.current(spotifyConnection(taste));
  }, [taste]);

  const busy = value === 'fetchingAuthUrl' || value === 'authorizing' || value === 'fetchingTaste';
  const text =
    value === 'authorizing'
      ? i18n.t('music.spotify.waiting')
      : value === 'cancelled'
        ? i18n.t('music.spotify.cancelled')
        : value === 'blocked'
          ? i18n.t('music.spotify.blocked')
          : null;
  return (
    <>
      <Button
        variant="outline"
        fullWidth
        isPending={busy}
        aria-describedby={statusId}
        onPress={() => actor.send({ type: 'user.connect' })}
      >
        {connection ? i18n.t('music.spotify.reconnect') : i18n.t('music.spotify.connect')}
      </Button>
      <ServiceStatus id={statusId} connection={busy ? undefined : connection} text={text} />
    </>
  );
}

function AppleMusicConnect({
  scriptUrl,
  connection,
  onConnected,
}: ServiceProps & { scriptUrl: string }) {
  const showAlert = useAlert();
  const statusId = useId();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      onConnected(appleMusicConnection(await connectAppleMusic(scriptUrl)));
    } catch (error) {
      logFailure('Apple Music', error);
      showAlert(i18n.t('music.appleMusic.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outline"
        fullWidth
        isPending={busy}
        aria-describedby={statusId}
        onPress={() => void connect()}
      >
        {connection ? i18n.t('music.appleMusic.reconnect') : i18n.t('music.appleMusic.connect')}
      </Button>
      <ServiceStatus id={statusId} connection={busy ? undefined : connection} text={null} />
    </>
  );
}

interface MusicServicesProps {
  connections: Partial<Record<MusicService, MusicConnection>>;
  onConnected: (connection: MusicConnection) => void;
}

/**
 * docs/product.md#spec-2-onboarding, Music step: connect Spotify (popup, machines/musicPopup) or Apple Music
 * (MusicKit JS, loaded on the tap). Only the services the server has credentials for are offered
 * (NO_MUSIC_SERVICES when none). Loaded lazily by the onboarding screen: none of this is on a
 * first load.
 */
export function MusicServices({ connections, onConnected }: MusicServicesProps) {
  const { music } = useClientConfig();
  const titleId = useId();
  return (
    <section className={formStyles.formSection} aria-labelledby={titleId}>
      <h2 id={titleId} className={formStyles.formSectionTitle}>
        {i18n.t('music.title')}
      </h2>
      {music.spotify ? (
        <SpotifyConnect connection={connections.spotify} onConnected={onConnected} />
      ) : null}
      {music.appleMusic ? (
        <AppleMusicConnect
          scriptUrl={music.appleMusic.scriptUrl}
          connection={connections.appleMusic}
          onConnected={onConnected}
        />
      ) : null}
      {!music.spotify && !music.appleMusic ? (
        <p className={musicStyles.unavailable}>{noMusicServicesText()}</p>
      ) : null}
    </section>
  );
}
