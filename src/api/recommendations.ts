import { queryOptions } from '@tanstack/react-query';
import type { KyInstance } from 'ky';
import type { FamilyGroupId } from '../../contract/family.ts';
import type { Recommendations, RecommendationsQuery } from '../../contract/recommendations.ts';
import { api } from './client.ts';
import { agesFilter, familyFilter, searchParamsOf, setParams } from './params.ts';

/** What Home sends: its location, family mode and 'Fits my family' groups (and a radius). */
export type RecommendationsParams = Omit<RecommendationsQuery, 'ages'> & {
  ages?: readonly FamilyGroupId[];
};

/**
 * Home's 'Because you like …' rows for the signed-in caller. The key is the path and every
 * parameter sent, as the events factories build it (src/api/events.ts), so a change of place,
 * family mode or ages is its own request.
 */
export function recommendationsQueryOptions(
  params: RecommendationsParams,
  client: KyInstance = api,
) {
  const sent = setParams({
    ...params,
    familyMode: familyFilter(params.familyMode),
    ages: agesFilter(params.ages),
  });
  return queryOptions({
    queryKey: ['/api/me/recommendations', sent] as const,
    queryFn: ({ signal }) =>
      client
        .get('me/recommendations', { searchParams: searchParamsOf(sent), signal })
        .json<Recommendations>(),
  });
}
