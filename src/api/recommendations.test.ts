import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { createQueryClient } from './queryClient.ts';
import { recommendationsQueryOptions, type TasteKey } from './recommendations.ts';

const origin = 'http://famjam.test';

/** A client whose every request is recorded and answered with no rows. */
function recordingClient() {
  const urls: string[] = [];
  const client = createApiClient({
    origin,
    getIdToken: async () => null,
    fetch: async (input, init) => {
      urls.push((input instanceof Request ? input : new Request(input, init)).url);
      return Response.json({ rows: [] });
    },
  });
  return { client, urls };
}

describe('recommendationsQueryOptions', () => {
  it('sends the location, family mode, ages and radius, and keys the query by all of them', async () => {
    const { client, urls } = recordingClient();
    const options = recommendationsQueryOptions(
      {
        location: 'Oakland, CA',
        familyMode: true,
        ages: ['teens', 'young_kids'],
        radiusKm: 25,
      },
      { genres: ['Jazz'], artists: [] },
      client,
    );
    await expect(createQueryClient(client).fetchQuery(options)).resolves.toEqual({ rows: [] });
    expect(urls).toEqual([
      `${origin}/api/me/recommendations?ages=teens%2Cyoung_kids&familyMode=true&location=Oakland%2C+CA&radiusKm=25`,
    ]);
    expect(options.queryKey).toEqual([
      '/api/me/recommendations',
      { ages: 'teens,young_kids', familyMode: true, location: 'Oakland, CA', radiusKm: 25 },
      { genres: ['Jazz'], artists: [] },
    ]);
  });

  it('gives each place, family mode, ages choice and taste its own key, and one choice one key', () => {
    const jazz: TasteKey = { genres: ['Jazz'], artists: [] };
    const key = (params: Parameters<typeof recommendationsQueryOptions>[0], taste = jazz) =>
      JSON.stringify(recommendationsQueryOptions(params, taste).queryKey);
    const base = { location: 'San Francisco, CA' };
    const keys = [
      key(base),
      key({ ...base, location: 'Oakland, CA' }),
      key({ ...base, familyMode: true }),
      key({ ...base, ages: ['teens'] }),
      key({ ...base, radiusKm: 10 }),
      // An edit of the preferences asks again rather than showing the old taste's rows.
      key(base, { genres: ['Rock'], artists: [] }),
      key(base, { genres: ['Jazz'], artists: ['Raffi'] }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // Off is off however it is spelt; the same groups in another order are the same request.
    expect(key({ ...base, familyMode: false })).toBe(key(base));
    expect(key({ ...base, ages: [] })).toBe(key(base));
    expect(key({ ...base, ages: ['young_kids', 'teens'] })).toBe(
      key({ ...base, ages: ['teens', 'young_kids'] }),
    );
  });
});
