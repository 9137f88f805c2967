import { queryOptions } from '@tanstack/react-query';
import type { UserRecord } from '../../contract/user.ts';
import { type ApiClient, api } from './client.ts';

/*
 * The profile photo lives behind the ID token (`/api/me/photo`), so an <img src> cannot load it
 * directly: it is fetched as a blob and shown through an object URL. The query is keyed on the
 * record's photoUpdatedAt, so a new upload is a new key. Revoking an object URL that is no longer
 * shown is the job of the hook that displays it.
 */

/** POST /api/me/photo with the (already resized) image bytes; the updated record comes back. */
export async function uploadProfilePhoto(
  photo: Blob,
  client: ApiClient = api,
): Promise<UserRecord> {
  return client
    .post('me/photo', {
      body: photo,
      headers: { 'content-type': photo.type || 'application/octet-stream' },
    })
    .json<UserRecord>();
}

export function profilePhotoQueryOptions(photoUpdatedAt: string | null, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['/api/me/photo', { photoUpdatedAt }] as const,
    queryFn: async ({ signal }): Promise<string | null> => {
      if (photoUpdatedAt === null) return null;
      const blob = await client.get('me/photo', { signal }).blob();
      return URL.createObjectURL(blob);
    },
  });
}
