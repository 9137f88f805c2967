import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  MUSIC_POPUP_CANCELLED,
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_AUTH_SUCCESS,
  SPOTIFY_PROFILE_FAILED,
  type SpotifyAuthUrl,
  type SpotifyTokens,
} from '../contract/music.ts';
import {
  type MusicPopupEvent,
  musicPopupMachine,
  type PopupInput,
  readPopupMessage,
  type SpotifyTaste,
} from './musicPopup.ts';
import { describePath, expectFullCoverage, followPathOnActor } from './testing/modelTests.ts';
import {
  createPromiseActorController,
  describeChartEvents,
  describeChartTransitions,
  toTestMachine,
} from './testing/testModel.ts';

const appOrigin = 'https://famjam.test';
const authUrl: SpotifyAuthUrl = {
  authUrl: 'https://accounts.spotify.test/authorize?state=state-one-0123456789',
  state: 'state-one-0123456789',
};
const tokens: SpotifyTokens = {
  access_token: 'access-token-1',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'user-top-read',
};
const taste: SpotifyTaste = {
  displayName: 'Stand-in Listener',
  artists: [{ id: 'a1', name: 'The Quartet', genres: ['jazz'] }],
};
const success = { type: SPOTIFY_AUTH_SUCCESS, state: authUrl.state, tokens };
const denied = { type: SPOTIFY_AUTH_ERROR, state: authUrl.state, error: 'access_denied' };

/** The messages a page can receive while the popup is open, named for the test titles. */
const messages = {
  ours: { type: 'popup.message', origin: appOrigin, data: success },
  denied: { type: 'popup.message', origin: appOrigin, data: denied },
  otherOrigin: { type: 'popup.message', origin: 'https://evil.test', data: success },
  wrongState: {
    type: 'popup.message',
    origin: appOrigin,
    data: { ...success, state: 'another-attempt-0123' },
  },
  notOurs: { type: 'popup.message', origin: appOrigin, data: { source: 'react-devtools' } },
} as const satisfies Record<string, MusicPopupEvent>;
const messageName = (event: MusicPopupEvent) =>
  Object.entries(messages).find(
    ([, message]) => JSON.stringify(message) === JSON.stringify(event),
  )?.[0];

function startHandshake() {
  const fetchAuthUrl = createPromiseActorController<SpotifyAuthUrl, void>();
  const fetchTaste = createPromiseActorController<SpotifyTaste, { accessToken: string }>();
  const popups: { input: PopupInput; open: boolean }[] = [];
  const openPopup = (_args: unknown, input: PopupInput) => {
    popups.push({ input, open: true });
  };
  const closePopup = () => {
    for (const run of popups) run.open = false;
  };
  const reportFailure = vi.fn((_args: unknown, _params: { error: string }) => undefined);
  const actor = createActor(
    musicPopupMachine.provide({
      actors: { fetchAuthUrl: fetchAuthUrl.logic, fetchTaste: fetchTaste.logic },
      actions: { reportFailure, openPopup, closePopup },
    }),
    { input: { appOrigin } },
  );
  actor.start();
  /** Sends as the feature's popup listener does, while a popup is open. */
  const fromPopup = (event: MusicPopupEvent) => {
    if (!popups.some((run) => run.open)) throw new Error('no popup is open');
    actor.send(event);
  };
  return { actor, fetchAuthUrl, fetchTaste, popups, fromPopup, reportFailure };
}

describe('musicPopup model', () => {
  const testMachine = toTestMachine(musicPopupMachine);
  const model = createTestModel(testMachine, {
    input: { appOrigin },
    events: (): EventFromLogic<typeof testMachine>[] => [
      { type: 'user.connect' },
      { type: 'fetchAuthUrl.done', output: authUrl },
      { type: 'fetchAuthUrl.error', error: new Error('503: Spotify is not configured') },
      ...Object.values(messages),
      { type: 'popup.closed' },
      { type: 'popup.blocked' },
      { type: 'fetchTaste.done', output: taste },
      { type: 'fetchTaste.error', error: new Error(SPOTIFY_PROFILE_FAILED) },
    ],
  });
  const paths = model.getShortestPaths();
  const nameEvent = (event: EventFromLogic<typeof testMachine>) =>
    event.type === 'popup.message' ? `popup.message(${messageName(event) ?? '?'})` : event.type;

  it('has the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'fetchAuthUrl.done',
      'fetchAuthUrl.error',
      'fetchTaste.done',
      'fetchTaste.error',
      'popup.blocked',
      'popup.closed',
      'popup.message',
      'user.connect',
    ]);
  });

  it('is the reviewed chart (SPEC 4 "Music-service popup")', () => {
    expect(describeChartTransitions(musicPopupMachine)).toEqual([
      'musicPopup.authorizing --popup.blocked--> musicPopup.blocked actions:0',
      'musicPopup.authorizing --popup.closed--> musicPopup.cancelled actions:1',
      'musicPopup.authorizing --popup.message [isOurError]--> musicPopup.failed actions:1',
      'musicPopup.authorizing --popup.message [isOurSuccess]--> musicPopup.fetchingTaste actions:0',
      'musicPopup.blocked --user.connect--> musicPopup.fetchingAuthUrl actions:1',
      'musicPopup.cancelled --user.connect--> musicPopup.fetchingAuthUrl actions:1',
      'musicPopup.connected --user.connect--> musicPopup.fetchingAuthUrl actions:1',
      'musicPopup.failed --user.connect--> musicPopup.fetchingAuthUrl actions:1',
      'musicPopup.fetchingAuthUrl --fetchAuthUrl.done--> musicPopup.authorizing actions:1',
      'musicPopup.fetchingAuthUrl --fetchAuthUrl.error--> musicPopup.failed actions:1',
      'musicPopup.fetchingTaste --fetchTaste.done--> musicPopup.connected actions:1',
      'musicPopup.fetchingTaste --fetchTaste.error--> musicPopup.failed actions:1',
      'musicPopup.idle --user.connect--> musicPopup.fetchingAuthUrl actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expectFullCoverage(testMachine, paths);
  });

  it.each(paths.map((path) => [describePath(path, nameEvent), path] as const))(
    'the real handshake follows: %s',
    async (_description, path) => {
      const { actor, fetchAuthUrl, fetchTaste, popups, fromPopup, reportFailure } =
        startHandshake();
      await followPathOnActor(path, actor, async (event) => {
        switch (event.type) {
          case 'fetchAuthUrl.done':
            await fetchAuthUrl.resolve(event.output);
            expect(popups.at(-1)?.input).toEqual({ authUrl: authUrl.authUrl });
            return;
          case 'fetchAuthUrl.error':
            await fetchAuthUrl.reject(event.error);
            expect(reportFailure).toHaveBeenLastCalledWith(expect.anything(), {
              error: '503: Spotify is not configured',
            });
            return;
          case 'fetchTaste.done':
            await fetchTaste.resolve(event.output);
            return;
          case 'fetchTaste.error':
            await fetchTaste.reject(event.error);
            expect(reportFailure).toHaveBeenLastCalledWith(expect.anything(), {
              error: SPOTIFY_PROFILE_FAILED,
            });
            return;
          case 'popup.message':
          case 'popup.closed':
          case 'popup.blocked':
            fromPopup(event);
            if (messageName(event) === 'ours') {
              // The token goes straight to the two calls and is kept nowhere in the chart.
              expect(fetchTaste.runs.at(-1)?.input).toEqual({ accessToken: tokens.access_token });
              expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('access-token');
            }
            if (messageName(event) === 'denied') {
              expect(reportFailure).toHaveBeenLastCalledWith(expect.anything(), {
                error: 'access_denied',
              });
            }
            return;
          case 'user.connect':
            actor.send(event);
            return;
          default:
            throw new Error(`the model has no ${event.type} event`);
        }
      });
    },
  );
});

describe('musicPopup details', () => {
  async function toAuthorizing() {
    const handshake = startHandshake();
    handshake.actor.send({ type: 'user.connect' });
    await handshake.fetchAuthUrl.resolve(authUrl);
    return handshake;
  }

  it('ignores a message from another origin or with another state, then takes ours', async () => {
    const { actor, fromPopup, fetchTaste } = await toAuthorizing();
    fromPopup(messages.otherOrigin);
    fromPopup(messages.wrongState);
    fromPopup(messages.notOurs);
    expect(actor.getSnapshot().value).toBe('authorizing');
    expect(fetchTaste.runs).toHaveLength(0);
    fromPopup(messages.ours);
    expect(actor.getSnapshot().value).toBe('fetchingTaste');
  });

  it("a popup closed by the user is 'Authentication cancelled', not a failure", async () => {
    const { actor, fromPopup, reportFailure } = await toAuthorizing();
    fromPopup({ type: 'popup.closed' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.error).toBe(MUSIC_POPUP_CANCELLED);
    expect(reportFailure).not.toHaveBeenCalled();
  });

  it('stops watching the popup once it has reported, and ignores taps meanwhile', async () => {
    const { actor, fromPopup, popups, fetchAuthUrl } = await toAuthorizing();
    actor.send({ type: 'user.connect' });
    expect(fetchAuthUrl.runs).toHaveLength(1);
    fromPopup(messages.ours);
    expect(popups.map((run) => run.open)).toEqual([false]);
    // A late 'closed' after the message is not a cancellation.
    actor.send({ type: 'popup.closed' });
    expect(actor.getSnapshot().value).toBe('fetchingTaste');
  });

  it('connects and keeps the display name and artists, starting over on the next tap', async () => {
    const { actor, fromPopup, fetchTaste, fetchAuthUrl } = await toAuthorizing();
    fromPopup(messages.ours);
    await fetchTaste.resolve(taste);
    expect(actor.getSnapshot().value).toBe('connected');
    expect(actor.getSnapshot().context).toMatchObject({ taste, state: null, authUrl: null });
    actor.send({ type: 'user.connect' });
    expect(actor.getSnapshot().context.taste).toBeNull();
    expect(fetchAuthUrl.runs).toHaveLength(2);
  });

  it('fails loudly when the feature forgot to supply an effect', async () => {
    const reportFailure = vi.fn((_args: unknown, _params: { error: string }) => undefined);
    const actor = createActor(musicPopupMachine.provide({ actions: { reportFailure } }), {
      input: { appOrigin },
    });
    actor.start();
    actor.send({ type: 'user.connect' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(reportFailure).toHaveBeenCalledWith(expect.anything(), {
      error: 'fetchAuthUrl must be provided by the feature',
    });

    const bare = createActor(musicPopupMachine, { input: { appOrigin } });
    const errors: unknown[] = [];
    bare.subscribe({ error: (error) => errors.push(error) });
    bare.start();
    bare.send({ type: 'user.connect' });
    await vi.waitFor(() =>
      expect(errors).toEqual([new Error('reportFailure must be provided by the feature')]),
    );
  });
});

describe('readPopupMessage', () => {
  it('reads both messages and refuses anything else', () => {
    expect(readPopupMessage(success)).toEqual(success);
    expect(readPopupMessage(denied)).toEqual(denied);
    expect(readPopupMessage({ type: SPOTIFY_AUTH_ERROR, state: null, error: 'x' })).toEqual({
      type: SPOTIFY_AUTH_ERROR,
      state: null,
      error: 'x',
    });
    expect(readPopupMessage({ type: SPOTIFY_AUTH_SUCCESS, state: 's' })).toBeNull();
    expect(readPopupMessage({ type: SPOTIFY_AUTH_ERROR, state: 's' })).toBeNull();
    expect(readPopupMessage('SPOTIFY_AUTH_SUCCESS')).toBeNull();
    expect(readPopupMessage(null)).toBeNull();
  });
});
