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
  errorText,
  type MusicPopupContext,
  type MusicPopupEvent,
  musicPopupMachine,
  type PopupInput,
  readPopupMessage,
  type SpotifyTaste,
} from './musicPopup.ts';
import {
  describeModel,
  describePath,
  expectEffectsToBeProvided,
  expectFullCoverage,
  followPathWithOracle,
} from './testing/modelTests.ts';
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

describeModel('musicPopup model', () => {
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

  it('is the reviewed chart (docs/product.md#spec-4-music-service-popup)', () => {
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
      await followPathWithOracle(
        path,
        actor,
        async (event) => {
          switch (event.type) {
            case 'fetchAuthUrl.done':
              return fetchAuthUrl.resolve(event.output);
            case 'fetchAuthUrl.error':
              return fetchAuthUrl.reject(event.error);
            case 'fetchTaste.done':
              return fetchTaste.resolve(event.output);
            case 'fetchTaste.error':
              return fetchTaste.reject(event.error);
            case 'popup.message':
            case 'popup.closed':
            case 'popup.blocked':
              return fromPopup(event);
            case 'user.connect':
              return actor.send(event);
            default:
              throw new Error(`the model has no ${event.type} event`);
          }
        },
        {
          initial: {
            state: 'idle',
            context: { appOrigin, authUrl: null, state: null, taste: null, error: null },
            authUrlRuns: 0,
            popups: [],
            tokens: [],
            failures: [],
          },
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(snapshot.value).toBe(expected.state);
            expect(snapshot.context).toEqual(expected.context);
            expect(fetchAuthUrl.runs).toHaveLength(expected.authUrlRuns);
            // One popup per auth URL, open exactly while authorizing.
            expect(popups).toEqual(
              expected.popups.map((popupUrl, index) => ({
                input: { authUrl: popupUrl },
                open: expected.state === 'authorizing' && index === expected.popups.length - 1,
              })),
            );
            // The token goes straight to the two calls and is kept nowhere in the chart.
            expect(fetchTaste.runs.map((run) => run.input.accessToken)).toEqual(expected.tokens);
            expect(JSON.stringify(snapshot.context)).not.toContain('access-token');
            expect(reportFailure.mock.calls.map(([, params]) => params.error)).toEqual(
              expected.failures,
            );
            const ends = ['idle', 'connected', 'failed', 'cancelled', 'blocked'];
            expect(snapshot.can({ type: 'user.connect' })).toBe(ends.includes(expected.state));
            expect(snapshot.can({ type: 'popup.closed' })).toBe(expected.state === 'authorizing');
          },
        },
      );
    },
  );
});

/** What the test expects of the handshake, worked out here and not by the machine. */
interface ExpectedHandshake {
  state: string;
  context: MusicPopupContext;
  authUrlRuns: number;
  /** The auth URL of each popup opened. */
  popups: readonly string[];
  /** The access token of each fetchTaste run. */
  tokens: readonly string[];
  /** reportFailure's error, per call. */
  failures: readonly string[];
}

/** docs/product.md#spec-4-music-service-popup step by step. */
function expectAfter(
  expected: ExpectedHandshake,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof musicPopupMachine>>>,
): ExpectedHandshake {
  const { state, context } = expected;
  // Every end state forgets the attempt's URL and state.
  const end = (next: string, more: Partial<MusicPopupContext>): ExpectedHandshake => ({
    ...expected,
    state: next,
    context: { ...context, ...more, authUrl: null, state: null },
  });
  const fail = (error: string): ExpectedHandshake => ({
    ...end('failed', { error }),
    failures: [...expected.failures, error],
  });
  switch (event.type) {
    case 'user.connect':
      return ['idle', 'connected', 'failed', 'cancelled', 'blocked'].includes(state)
        ? {
            ...expected,
            state: 'fetchingAuthUrl',
            context: { appOrigin, authUrl: null, state: null, taste: null, error: null },
            authUrlRuns: expected.authUrlRuns + 1,
          }
        : expected;
    case 'fetchAuthUrl.done':
      return state === 'fetchingAuthUrl'
        ? {
            ...expected,
            state: 'authorizing',
            context: { ...context, authUrl: event.output.authUrl, state: event.output.state },
            popups: [...expected.popups, event.output.authUrl],
          }
        : expected;
    case 'fetchAuthUrl.error':
      return state === 'fetchingAuthUrl' ? fail((event.error as Error).message) : expected;
    case 'popup.message': {
      if (state !== 'authorizing') return expected;
      // Only the app's own origin with this attempt's state counts; anything else is ignored.
      const name = messageName(event);
      if (name === 'ours') {
        return {
          ...expected,
          state: 'fetchingTaste',
          tokens: [...expected.tokens, tokens.access_token],
        };
      }
      return name === 'denied' ? fail('access_denied') : expected;
    }
    case 'popup.closed':
      return state === 'authorizing'
        ? end('cancelled', { error: MUSIC_POPUP_CANCELLED })
        : expected;
    case 'popup.blocked':
      return state === 'authorizing' ? end('blocked', {}) : expected;
    case 'fetchTaste.done':
      return state === 'fetchingTaste' ? end('connected', { taste: event.output }) : expected;
    case 'fetchTaste.error':
      return state === 'fetchingTaste' ? fail((event.error as Error).message) : expected;
    default:
      return expected;
  }
}

describe('musicPopup details', () => {
  it("every effect is the feature's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(musicPopupMachine, 'the feature', {
      actions: ['openPopup', 'closePopup', 'reportFailure'],
      actors: ['fetchAuthUrl', 'fetchTaste'],
    });
  });

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
    expect(readPopupMessage({ type: SPOTIFY_AUTH_SUCCESS, state: 7, tokens })).toBeNull();
    expect(readPopupMessage({ type: 'SOMETHING_ELSE', state: 's', error: 'x' })).toBeNull();
    expect(readPopupMessage({ type: SPOTIFY_AUTH_ERROR, state: 7, error: 'x' })).toEqual({
      type: SPOTIFY_AUTH_ERROR,
      state: null,
      error: 'x',
    });
  });
});

describe('errorText', () => {
  it('is the message, with its cause after a colon, or the thrown value as text', () => {
    expect(errorText(new Error('Failed to fetch Spotify user profile'))).toBe(
      'Failed to fetch Spotify user profile',
    );
    expect(
      errorText(new Error('Failed to fetch Spotify user profile', { cause: new Error('502: x') })),
    ).toBe('Failed to fetch Spotify user profile: 502: x');
    expect(errorText(new Error('Failed', { cause: 'not an error' }))).toBe('Failed');
    expect(errorText('boom')).toBe('boom');
  });
});
