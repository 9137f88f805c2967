import type { TSchema } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Poll, PollList } from '../../contract/polls.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  type EmulatorUser,
  expectInContract,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
let owner: EmulatorUser;
let other: EmulatorUser;

beforeAll(async () => {
  // Well over a hundred requests from one address: the rate limiter is not what is under test.
  app = await buildTestApp({ rateLimitPerMinute: 10_000 });
  // Neither has a FamJam profile: a signed-in account is all polls need.
  [owner, other] = await Promise.all([
    createEmulatorUser(uniqueEmail('poll-owner')),
    createEmulatorUser(uniqueEmail('poll-other')),
  ]);
});

afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request as `user` (null: no token); a 2xx body must match `contract`. */
async function call(
  user: EmulatorUser | null,
  method: Method,
  url: string,
  payload?: unknown,
  contract: TSchema = Poll,
) {
  const response = await app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body: unknown = response.body === '' ? null : response.json();
  if (response.statusCode === 200 || response.statusCode === 201) {
    expectInContract(body, contract, `${method} ${url}`);
  }
  return { status: response.statusCode, body };
}

const lunch = {
  title: '  Where to for Sunday lunch?  ',
  description: ' Pick one ',
  options: [' Tacos ', '', 'Pizza', '   ', 'Dim sum'],
};

async function createLunchPoll(user = owner): Promise<Poll> {
  const created = await call(user, 'POST', '/api/polls', lunch);
  expect(created.status).toBe(201);
  return created.body as Poll;
}

describe('POST /api/polls', () => {
  it('stores a trimmed poll without blank options, owned by the caller', async () => {
    const poll = await createLunchPoll();
    expect(poll).toMatchObject({
      title: 'Where to for Sunday lunch?',
      description: 'Pick one',
      options: [
        { id: '1', text: 'Tacos', votes: 0 },
        { id: '2', text: 'Pizza', votes: 0 },
        { id: '3', text: 'Dim sum', votes: 0 },
      ],
      totalVotes: 0,
      myVote: null,
      isOwner: true,
      closed: false,
      closedAt: null,
    });
    // 128 random bits in base64url: nothing to guess or count up.
    expect(poll.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await createLunchPoll();
    expect(second.id).not.toBe(poll.id);
  });

  it.each([
    [{ ...lunch, title: '    ' }, 'body/title: Give the poll a title.'],
    [{ ...lunch, title: '' }, 'body/title must NOT have fewer than 1 characters'],
    [{ ...lunch, title: 'x'.repeat(121) }, 'body/title must NOT have more than 120 characters'],
    [
      { ...lunch, description: 'x'.repeat(501) },
      'body/description must NOT have more than 500 characters',
    ],
    [{ ...lunch, options: ['Tacos', '  '] }, 'body/options: Fill in at least 2 options.'],
    [{ ...lunch, options: ['Tacos'] }, 'body/options must NOT have fewer than 2 items'],
    [
      { ...lunch, options: ['a', 'b', 'c', 'd', 'e', 'f'] },
      'body/options must NOT have more than 5 items',
    ],
    [
      { ...lunch, options: ['a', 'b'.repeat(81)] },
      'body/options/1 must NOT have more than 80 characters',
    ],
    [{ title: 'Lunch' }, 'body/options is required'],
    [{ ...lunch, ownerUid: 'someone' }, 'body/ownerUid is not an accepted field'],
    [{ ...lunch, title: 'a\u0000b' }, 'body/title must match pattern'],
    [
      { ...lunch, options: ['Tacos', 'Pizza \ud83c'] },
      'body/options/1 must be well-formed Unicode (no lone surrogates)',
    ],
  ])('refuses %j with 400 naming the problem', async (payload, message) => {
    const response = await call(owner, 'POST', '/api/polls', payload);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'bad_request' });
    expect((response.body as { message: string }).message).toContain(message);
  });

  it.each([
    [{ ...lunch, title: '   ' }, 'title', 'body/title: Give the poll a title.'],
    [
      { ...lunch, options: ['Tacos', '  '] },
      'options',
      'body/options: Fill in at least 2 options.',
    ],
  ])('names the field a draft problem is about in %j', async (payload, field, message) => {
    const response = await call(owner, 'POST', '/api/polls', payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'bad_request', message, field });
  });
});

describe('GET /api/polls', () => {
  it("lists only the caller's polls, newest first, with their counts", async () => {
    const first = await call(owner, 'POST', '/api/polls', { title: 'First', options: ['a', 'b'] });
    const second = await call(owner, 'POST', '/api/polls', {
      title: 'Second',
      options: ['c', 'd'],
    });
    const mine = (second.body as Poll).id;
    await call(other, 'PUT', `/api/polls/${mine}/vote`, { optionId: '2' });
    const theirs = await call(other, 'POST', '/api/polls', {
      title: 'Theirs',
      options: ['e', 'f'],
    });
    expect(theirs.status).toBe(201);

    const list = await call(owner, 'GET', '/api/polls?limit=2', undefined, PollList);
    expect(list.status).toBe(200);
    const polls = (list.body as PollList).polls;
    expect(polls.map((poll) => poll.title)).toEqual(['Second', 'First']);
    expect(polls[0]?.options.map((option) => option.votes)).toEqual([0, 1]);
    expect(polls[0]?.totalVotes).toBe(1);
    expect(polls[1]?.id).toBe((first.body as Poll).id);

    const otherList = await call(other, 'GET', '/api/polls', undefined, PollList);
    expect((otherList.body as PollList).polls.map((poll) => poll.title)).toEqual(['Theirs']);
  });

  it('refuses a limit outside 1 to 20', async () => {
    const response = await call(owner, 'GET', '/api/polls?limit=21', undefined, PollList);
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toContain('querystring/limit');
  });
});

describe('a shared poll', () => {
  it('anyone signed in with the link sees it and votes once, and may change the vote', async () => {
    const poll = await createLunchPoll();
    const seen = await call(other, 'GET', `/api/polls/${poll.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ title: poll.title, isOwner: false, myVote: null });

    const voted = await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '3' });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ myVote: '3', totalVotes: 1 });

    const changed = await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' });
    expect((changed.body as Poll).options.map((option) => option.votes)).toEqual([1, 0, 0]);
    expect(changed.body).toMatchObject({ myVote: '1', totalVotes: 1 });

    await call(owner, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' });
    const ownerView = await call(owner, 'GET', `/api/polls/${poll.id}`);
    expect(ownerView.body).toMatchObject({ myVote: '1', totalVotes: 2, isOwner: true });
    expect((ownerView.body as Poll).options[0]?.votes).toBe(2);
  });

  it('answers 400 for an option the poll does not have', async () => {
    const poll = await createLunchPoll();
    for (const optionId of ['4', 'constructor', '0']) {
      const response = await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: 'body/optionId: That is not an option of this poll.',
        field: 'optionId',
      });
    }
  });

  it('only its creator may close or delete it', async () => {
    const poll = await createLunchPoll();
    const close = await call(other, 'POST', `/api/polls/${poll.id}/close`);
    expect(close.status).toBe(403);
    expect(close.body).toEqual({
      error: 'forbidden',
      message: "Only the poll's creator can close it.",
    });
    const remove = await call(other, 'DELETE', `/api/polls/${poll.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({
      error: 'forbidden',
      message: "Only the poll's creator can delete it.",
    });
    expect((await call(owner, 'GET', `/api/polls/${poll.id}`)).body).toMatchObject({
      closed: false,
    });
  });

  it('once closed, shows its result and takes no votes', async () => {
    const poll = await createLunchPoll();
    await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '2' });
    const closed = await call(owner, 'POST', `/api/polls/${poll.id}/close`);
    expect(closed.status).toBe(200);
    const closedAt = (closed.body as Poll).closedAt;
    expect(closed.body).toMatchObject({ closed: true, totalVotes: 1 });
    expect(closedAt).not.toBeNull();

    const vote = await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' });
    expect(vote.status).toBe(409);
    expect(vote.body).toEqual({
      error: 'poll_closed',
      message: 'This poll is closed and takes no more votes.',
    });
    const seen = await call(other, 'GET', `/api/polls/${poll.id}`);
    expect(seen.body).toMatchObject({ closed: true, myVote: '2', totalVotes: 1 });
    expect((seen.body as Poll).options.map((option) => option.votes)).toEqual([0, 1, 0]);

    // Closing again changes nothing, not even the time it closed.
    const again = await call(owner, 'POST', `/api/polls/${poll.id}/close`);
    expect((again.body as Poll).closedAt).toBe(closedAt);
  });

  it('deleted by its creator, it is gone for everyone', async () => {
    const poll = await createLunchPoll();
    await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '2' });
    const removed = await call(owner, 'DELETE', `/api/polls/${poll.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    for (const user of [owner, other]) {
      const seen = await call(user, 'GET', `/api/polls/${poll.id}`);
      expect(seen.status).toBe(404);
    }
    expect((await call(owner, 'DELETE', `/api/polls/${poll.id}`)).status).toBe(404);
  });
});

describe('unknown and malformed ids', () => {
  const notFound = { error: 'not_found', message: "This poll doesn't exist or was deleted." };
  const ids = [
    'AAAAAAAAAAAAAAAAAAAAAA', // the right shape, no such poll
    'short',
    'constructor',
    '__proto__',
    'x'.repeat(100), // longer ones meet Fastify's maxParamLength first: 414
    "'%20OR%20'1'='1",
    'a%00b',
  ];
  for (const id of ids) {
    it(`${id.slice(0, 30)}: 404 for every route`, async () => {
      const requests: Array<[Method, string, unknown]> = [
        ['GET', `/api/polls/${id}`, undefined],
        ['PUT', `/api/polls/${id}/vote`, { optionId: '1' }],
        ['POST', `/api/polls/${id}/close`, undefined],
        ['DELETE', `/api/polls/${id}`, undefined],
      ];
      for (const [method, url, payload] of requests) {
        const response = await call(owner, method, url, payload);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body).toEqual(notFound);
      }
    });
  }
});

describe('without a sign-in', () => {
  it('every poll route answers 401', async () => {
    const poll = await createLunchPoll();
    const requests: Array<[Method, string, unknown]> = [
      ['POST', '/api/polls', lunch],
      ['GET', '/api/polls', undefined],
      ['GET', `/api/polls/${poll.id}`, undefined],
      ['PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' }],
      ['POST', `/api/polls/${poll.id}/close`, undefined],
      ['DELETE', `/api/polls/${poll.id}`, undefined],
    ];
    for (const [method, url, payload] of requests) {
      const response = await call(null, method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.body).toMatchObject({ error: 'unauthorized' });
    }
    const unchanged = await call(owner, 'GET', `/api/polls/${poll.id}`);
    expect(unchanged.body).toMatchObject({ closed: false, totalVotes: 0 });
  });
});

describe("a poll's refusals in the family's language (Accept-Language)", () => {
  async function inSpanish(user: EmulatorUser, method: Method, url: string, payload?: object) {
    const response = await app.inject({
      method,
      url,
      headers: { ...bearer(user), 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  }

  it('says in Spanish that a poll is closed, not theirs to close, or gone', async () => {
    const poll = await createLunchPoll();
    expect(await inSpanish(other, 'POST', `/api/polls/${poll.id}/close`)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Solo quien creó la encuesta puede cerrarla.' },
    });
    expect(await inSpanish(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '9' })).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'body/optionId: Esa no es una opción de esta encuesta.',
        field: 'optionId',
      },
    });
    await call(owner, 'POST', `/api/polls/${poll.id}/close`);
    expect(await inSpanish(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' })).toEqual({
      status: 409,
      body: { error: 'poll_closed', message: 'Esta encuesta está cerrada y ya no acepta votos.' },
    });
    expect(await inSpanish(owner, 'GET', '/api/polls/AAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Esta encuesta no existe o se eliminó.' },
    });
    // English as before, for the same refusal.
    expect(await call(other, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' })).toEqual({
      status: 409,
      body: { error: 'poll_closed', message: 'This poll is closed and takes no more votes.' },
    });
  });
});
