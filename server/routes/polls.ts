import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import {
  CreatePollBody,
  ListPollsQuery,
  Poll,
  PollIdParams,
  PollList,
  VoteBody,
} from '../../contract/polls.ts';
import {
  closePoll,
  createPoll,
  deletePoll,
  listOwnPolls,
  readPoll,
  votePoll,
} from '../services/polls.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Family polls. In the authenticated scope: every caller is signed in. Anyone with a poll's
 * link (its unguessable id) may view it and vote; only its creator may close or delete it.
 */
export async function pollRoutes(app: FamJamApp): Promise<void> {
  app.post(
    '/polls',
    {
      schema: {
        operationId: 'createPoll',
        summary: 'Create a poll owned by the caller',
        description:
          'Title and options are trimmed; blank options are dropped and at least 2 must remain.',
        tags: ['polls'],
        body: CreatePollBody,
        response: { 201: Poll, '4xx': ApiError },
      },
    },
    async (request, reply) => {
      const poll = await createPoll(app.db, request.user.uid, request.body);
      return reply.code(201).send(poll);
    },
  );

  app.get(
    '/polls',
    {
      schema: {
        operationId: 'listMyPolls',
        summary: "The caller's own polls, newest first, with their votes so far",
        tags: ['polls'],
        querystring: ListPollsQuery,
        response: { 200: PollList, '4xx': ApiError },
      },
    },
    async (request) => ({
      polls: await listOwnPolls(app.db, request.user.uid, request.query.limit),
    }),
  );

  app.get(
    '/polls/:id',
    {
      schema: {
        operationId: 'getPoll',
        summary: 'One poll by its share id, with counts and the caller’s vote',
        tags: ['polls'],
        params: PollIdParams,
        response: { 200: Poll, '4xx': ApiError },
      },
    },
    async (request) => readPoll(app.db, request.user.uid, request.params.id),
  );

  app.put(
    '/polls/:id/vote',
    {
      schema: {
        operationId: 'votePoll',
        summary: "Cast or change the caller's one vote",
        description: '400 for an option the poll does not have, 409 once the poll is closed.',
        tags: ['polls'],
        params: PollIdParams,
        body: VoteBody,
        response: { 200: Poll, '4xx': ApiError },
      },
    },
    async (request) => votePoll(app.db, request.user.uid, request.params.id, request.body.optionId),
  );

  app.post(
    '/polls/:id/close',
    {
      schema: {
        operationId: 'closePoll',
        summary: 'Close a poll the caller created; it keeps its result and takes no votes',
        tags: ['polls'],
        params: PollIdParams,
        response: { 200: Poll, '4xx': ApiError },
      },
    },
    async (request) => closePoll(app.db, request.user.uid, request.params.id),
  );

  app.delete(
    '/polls/:id',
    {
      schema: {
        operationId: 'deletePoll',
        summary: 'Delete a poll the caller created, with its votes',
        tags: ['polls'],
        params: PollIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), '4xx': ApiError },
      },
    },
    async (request, reply) => {
      await deletePoll(app.db, request.user.uid, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
