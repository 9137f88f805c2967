import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { Event } from '../../../contract/events.ts';
import { parseRadiusParam, radiusKmParam } from '../../../contract/radius.ts';
import { categoryCountsQueryOptions, eventSearchQueryOptions } from '../../api/events.ts';
import { restaurantsQueryOptions } from '../../api/restaurants.ts';
import { useAppState } from '../../app/appState.tsx';
import { type SearchPageSearch, searchFromHome } from '../../app/searchParams.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import {
  apiDateParam,
  browserTimeZone,
  type HomeDateFilter,
  shakePool,
} from '../../domain/dateFilter.ts';
import { dealsFrom } from '../../domain/deals.ts';
import { isGoingAhead } from '../../domain/eventDisplay.ts';
import { EmptyState, Skeleton, Stack } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { usePastFirstCommit } from '../../ui/usePastFirstCommit.ts';
import { AdSlot } from '../ads/AdSlot.tsx';
import { EventCard } from '../events/EventCard.tsx';
import { EventCardSkeleton } from '../events/EventCardSkeleton.tsx';
import { agesParam, FitsMyFamilyChip, useFamilyGroups } from '../events/FitsMyFamily.tsx';
import { FamilyPollSection } from '../polls/FamilyPollSection.tsx';
import { CategoryGrid, CategoryGridPlaceholder } from './CategoryGrid.tsx';
import { DateChips } from './DateChips.tsx';
import { HomeSection, type SectionQuery, sectionQuery } from './HomeSection.tsx';
import * as styles from './home.css.ts';
import { i18n } from './messages.ts';
import { ShakeDialogs } from './ShakeDialogs.tsx';
import { ShakeHero } from './ShakeHero.tsx';
import { ShakeActor } from './shakeActor.ts';

// Below the fold on a phone: the restaurant and deal cards come in their own chunk, which keeps
// home's first load under the size budget (their sections' placeholders hold the space).
const RestaurantCard = lazy(() =>
  import('../restaurants/RestaurantCard.tsx').then((module) => ({
    default: module.RestaurantCard,
  })),
);
const DealCard = lazy(() =>
  import('./DealCard.tsx').then((module) => ({ default: module.DealCard })),
);
// Only for a signed-in family with a taste, and under the picks: its own chunk, fetched after
// home's first paint, so the row adds nothing to the first load.
const RecommendationsRow = lazy(() => import('./RecommendationsRow.tsx'));
const restaurantPlaceholder = <Skeleton height={132} radius={16} />;
const dealsPlaceholder = <Skeleton height={112} radius={16} />;

/** docs/product.md#spec-9: the picks section shows the first event; the first three are computed. */
const PICKS_COMPUTED = 3;
/**
 * One page of the filtered list feeds picks, deals (at most six of its priced events) and the
 * shake's random pick: large enough that a family's next days have deals in it.
 */
const HOME_EVENTS_PAGE = 50;

interface HomeScreenProps {
  dateFilter: HomeDateFilter;
  onDateFilterChange: (filter: HomeDateFilter) => void;
  /** 'Fits my family' is on (the URL's `?fits=true`). */
  fitsMyFamily?: boolean;
  onFitsMyFamilyChange?: (on: boolean) => void;
}

/**
 * docs/product.md#spec-2-home: where a parent decides in ten seconds what the family does. Every list and
 * count follows the header's location and family mode, the family's radius and the date chips;
 * the restaurant follows the location and radius only.
 */
export function HomeScreen({
  dateFilter,
  onDateFilterChange,
  fitsMyFamily = false,
  onFitsMyFamilyChange = () => {},
}: HomeScreenProps) {
  const location = useAppState((state) => state.location);
  const familyMode = useAppState((state) => state.familyMode);
  // How far the family said it will go, in Search's filters (nothing sent: the API's 40 km).
  const radiusKm = radiusKmParam(parseRadiusParam(useAppState((state) => state.familyRadius)));
  const familyGroups = useFamilyGroups();
  const ages = agesParam(fitsMyFamily, familyGroups);
  const date = apiDateParam(dateFilter);
  // The zone only matters to a date filter; leaving it out otherwise keeps one cache entry.
  const tz = date === undefined ? undefined : browserTimeZone();

  // What home offers: the pick, the deals and the shake never offer a cancelled event.
  const events = useInfiniteQuery({
    ...eventSearchQueryOptions({
      location,
      familyMode,
      ages,
      date,
      tz,
      radiusKm,
      limit: HOME_EVENTS_PAGE,
    }),
    select: (data) => (data.pages[0]?.events ?? []).filter(isGoingAhead),
  });
  const counts = useQuery(
    categoryCountsQueryOptions({ location, familyMode, ages, date, tz, radiusKm }),
  );
  // See All opens Search as the lists here are filtered: the date chip and 'Fits my family'.
  const withHomeFilters = searchFromHome(dateFilter, fitsMyFamily);
  const restOfPage = usePastFirstCommit();

  // The shake picks from the list the screen shows (null while it loads), its next days first.
  const shake = ShakeActor.useActorRef();
  const dateKind = dateFilter.kind;
  const shakeList = useMemo(
    () =>
      events.status === 'success'
        ? shakePool(events.data, { kind: dateKind })
        : events.status === 'error'
          ? []
          : null,
    [events.status, events.data, dateKind],
  );
  // The pick shown in FamJam Picks: the rows below leave it out, so no card shows twice.
  const pickId = events.data?.[0]?.id;
  useEffect(() => {
    shake.send({ type: 'data.events', events: shakeList });
  }, [shake, shakeList]);

  return (
    <Stack space="6">
      <ShakeHero />
      <AdSlot slot="home" />
      <Stack space="3">
        <DateChips filter={dateFilter} onChange={onDateFilterChange} />
        <FitsMyFamilyChip
          groups={familyGroups}
          isSelected={fitsMyFamily}
          onChange={onFitsMyFamilyChange}
          className={styles.fitsChip}
        />
      </Stack>

      <HomeSection
        id="categories"
        title={i18n.t('home.categories.title')}
        what={i18n.t('home.categories.what')}
        query={sectionQuery(counts, (data) => data.categories)}
        placeholder={<CategoryGridPlaceholder />}
        empty={null}
      >
        {(categories) => <CategoryGrid counts={categories} />}
      </HomeSection>

      <HomeSection
        id="picks"
        title={i18n.t('home.picks.title', { product: PRODUCT_NAME })}
        what={i18n.t('home.picks.what')}
        seeAll={{
          label: i18n.t('home.section.seeAll'),
          link: { to: '/search', search: withHomeFilters },
        }}
        query={events}
        placeholder={<EventCardSkeleton />}
        empty={<EmptyState title={i18n.t('home.picks.empty')} icon="search" />}
      >
        {(list) => {
          const [first] = list.slice(0, PICKS_COMPUTED);
          return first ? <EventCard event={first} eagerImage /> : null;
        }}
      </HomeSection>

      {/* Below the fold on a phone: drawn in the background render after the first commit. */}
      {restOfPage ? (
        <>
          <Suspense fallback={null}>
            <RecommendationsRow
              location={location}
              familyMode={familyMode}
              ages={ages}
              date={date}
              tz={tz}
              radiusKm={radiusKm}
              shownAbove={pickId}
            />
          </Suspense>

          <FamilyPollSection />

          <DiningSection location={location} radiusKm={radiusKm} />

          <DealsSection events={events} withHomeFilters={withHomeFilters} />
        </>
      ) : null}

      <ShakeDialogs />
    </Stack>
  );
}

/** docs/product.md#spec-2-home: the nearest restaurant, following the location and radius only. */
function DiningSection({ location, radiusKm }: { location: string; radiusKm?: number }) {
  const restaurants = useInfiniteQuery({
    ...restaurantsQueryOptions({ location, radiusKm, limit: 1 }),
    select: (data) => data.pages[0]?.restaurants ?? [],
  });
  return (
    <HomeSection
      id="dining"
      title={i18n.t('home.dining.title')}
      what={i18n.t('home.dining.what')}
      seeAll={{
        label: i18n.t('home.section.seeAll'),
        link: { to: '/search', search: { category: 'dining' } },
      }}
      query={restaurants}
      placeholder={restaurantPlaceholder}
      empty={<EmptyState title={i18n.t('home.dining.empty')} icon="mapPin" />}
    >
      {(list) =>
        list[0] ? (
          <Suspense fallback={restaurantPlaceholder}>
            <RestaurantCard restaurant={list[0]} />
          </Suspense>
        ) : null
      }
    </HomeSection>
  );
}

/** docs/product.md#spec-2-home: the priced events of home's list, at most six, as deals. */
function DealsSection({
  events,
  withHomeFilters,
}: {
  events: SectionQuery<Event[]>;
  withHomeFilters: SearchPageSearch;
}) {
  const deals = useMemo(() => dealsFrom(events.data ?? []), [events.data]);
  return (
    <HomeSection
      id="deals"
      title={i18n.t('home.deals.title')}
      what={i18n.t('home.deals.what')}
      seeAll={{
        label: i18n.t('home.deals.seeAll'),
        link: { to: '/search', search: { ...withHomeFilters, category: 'deals' } },
      }}
      query={sectionQuery(events, () => deals)}
      placeholder={dealsPlaceholder}
      empty={<EmptyState title={i18n.t('home.deals.empty')} icon="sparkles" />}
    >
      {(list) =>
        list.length > 0 ? (
          <Suspense fallback={dealsPlaceholder}>
            <Stack as="ul" space="3" className={bareList}>
              {list.map((deal) => (
                <li key={deal.id}>
                  <DealCard deal={deal} />
                </li>
              ))}
            </Stack>
          </Suspense>
        ) : null
      }
    </HomeSection>
  );
}
