import { queryOptions } from '@tanstack/react-query';
import type { CreateUserBody, UpdateUserBody, UserRecord } from '../../contract/user.ts';
import { currentLocale, localeTag } from '../i18n/i18n.ts';
import { type ApiClient, api } from './client.ts';

/**
 * docs/product.md#spec-8, user lookup: "no user yet" (the gate sends them to onboarding) is asked for as
 * 204 (contract/user.ts UserLookupQuery: a 404 would be logged by the browser as an error on
 * every start before onboarding) and still understood as 404; any other non-OK status raises
 * 'HTTP error! status: {code}', which the gate logs and treats as no user.
 */
export async function getUserByEmail(
  email: string,
  client: ApiClient = api,
): Promise<UserRecord | null> {
  const response = await client.get(`users/by-email/${encodeURIComponent(email)}`, {
    searchParams: { ifMissing: '204' },
    throwHttpErrors: false,
  });
  if (response.status === 204 || response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return (await response.json()) as UserRecord;
}

/** POST /api/users; failures carry the generic "{status}: {body}" message from the client. */
export async function createUser(
  body: CreateUserBody,
  client: ApiClient = api,
): Promise<UserRecord> {
  // The language the family signed up in is theirs until they choose another (issue 35).
  return client
    .post('users', { json: { language: localeTag(currentLocale()), ...body } })
    .json<UserRecord>();
}

/** The signed-in user's record by email; null (not an error) when there is none yet. */
export function userByEmailQueryOptions(email: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/users/by-email/{email}', { email }] as const,
    queryFn: () => getUserByEmail(email, client),
  });
}

/** PUT /api/users/me: the profile's 'Edit preferences'. Only the caller's own record. */
export async function updateOwnUser(
  body: UpdateUserBody,
  client: ApiClient = api,
): Promise<UserRecord> {
  return client.put('users/me', { json: body }).json<UserRecord>();
}

/**
 * DELETE /api/me: the profile, saved list, polls, photo and calendar feed, then the Firebase
 * account itself. The caller signs out locally afterwards.
 */
export async function deleteOwnAccount(client: ApiClient = api): Promise<void> {
  await client.delete('me');
}
