import { queryOptions } from '@tanstack/react-query';
import type { FamilyGroupId } from '../../contract/family.ts';
import type { Recommendations, RecommendationsQuery } from '../../contract/recommendations.ts';
import { type ApiClient, api } from './client.ts';
import { agesFilter, familyFilter, searchParamsOf, setParams } from './params.ts';

/** What Home sends: its location, family mode and 'Fits my family' groups (and a radius). */
type RecommendationsParams = Omit<RecommendationsQuery, 'ages'> & {
  ages?: readonly FamilyGroupId[];
};

/** The caller's taste as their record says it; the server reads it from there itself. */
export interface TasteKey {
  genres: readonly string[];
  artists: readonly string[];
}

/**
 * Home's 'Because you like …' rows for the signed-in caller. The key is the path and every
 * parameter sent, as the events factories build it (src/api/events.ts), so a change of place,
 * family mode or ages is its own request; and the taste, which is not sent: answers never go
 * stale here (queryClient.ts), so without it an edit of the preferences would keep the old rows.
 */
export function recommendationsQueryOptions(
  params: RecommendationsParams,
  taste: TasteKey,
  client: ApiClient = api,
) {
  const sent = setParams({
    ...params,
    familyMode: familyFilter(params.familyMode),
    ages: agesFilter(params.ages),
  });
  return queryOptions({
    queryKey: [
      '/api/me/recommendations',
      sent,
      { genres: [...taste.genres], artists: [...taste.artists] },
    ] as const,
    queryFn: ({ signal }) =>
      client
        .get('me/recommendations', { searchParams: searchParamsOf(sent), signal })
        .json<Recommendations>(),
  });
}
