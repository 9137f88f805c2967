import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FamilyGroupId } from '../../../contract/family.ts';
import { recommendationsQueryOptions } from '../../api/recommendations.ts';
import { useAppState } from '../../app/appState.tsx';
import { useAuth } from '../../app/auth.tsx';
import { Skeleton, Stack } from '../../ui/index.ts';
import { sectionTitle } from '../../ui/page.css.ts';
import { EventCard } from '../events/EventCard.tsx';
import { i18n } from './messages.ts';
import * as styles from './recommendations.css.ts';

/** One empty list, so the selectors answer the same value while there is no record. */
const noTaste: readonly string[] = [];

export const RECOMMENDATIONS_FAILED_LOG = 'Could not load the recommendations:';

/** A row's heading (issue 11). */
function becauseYouLike(because: string): string {
  return i18n.t('home.recommendations.title', { because });
}

interface RecommendationsRowProps {
  /** The same place, family mode and 'Fits my family' ages as the rest of Home. */
  location: string;
  familyMode: boolean;
  ages: readonly FamilyGroupId[] | undefined;
  /** Home's date chip, as the API takes it (undefined: no chip chosen). */
  date?: string;
  tz?: string;
  /** The family's radius in km (undefined: the API's default). */
  radiusKm?: number;
  /** The event FamJam Picks shows just above: left out here, so no card appears twice. */
  shownAbove?: string;
}

/**
 * Home's 'Because you like …' rows: events near the place that match the family's artists and
 * genres, one swipeable row each. A bonus under the picks, not the page's content: nothing at
 * all while signed out, without a profile or a taste, when nothing matches, or when the request
 * fails (logged, not shown: the sections above already say when the API is down).
 */
export default function RecommendationsRow({
  location,
  familyMode,
  ages,
  date,
  tz,
  radiusKm,
  shownAbove,
}: RecommendationsRowProps) {
  const signedIn = useAuth().user !== null;
  const genres = useAppState((state) => state.currentUser?.musicPreferences ?? noTaste);
  // A record stored on this device before artists existed has none.
  const artists = useAppState((state) => state.currentUser?.musicArtists ?? noTaste);
  const enabled = signedIn && genres.length + artists.length > 0;
  const recommendations = useQuery({
    ...recommendationsQueryOptions(
      { location, familyMode, ages, date, tz, radiusKm },
      { genres, artists },
    ),
    enabled,
  });
  const { error } = recommendations;
  useEffect(() => {
    if (error) console.warn(RECOMMENDATIONS_FAILED_LOG, error);
  }, [error]);

  if (!enabled || recommendations.status === 'error') return null;
  if (recommendations.status === 'pending') {
    return (
      <div role="status" aria-label={i18n.t('home.recommendations.loading')}>
        <Skeleton height={28} width="60%" radius={8} />
      </div>
    );
  }
  return recommendations.data.rows.map((row) => {
    const events = row.events.filter((event) => event.id !== shownAbove);
    // A row whose only event is the pick above has nothing new to show.
    if (events.length === 0) return null;
    const titleId = `because-${row.reason}-${row.because.replace(/[^\p{L}\p{N}]+/gu, '-')}`;
    return (
      <Stack as="section" key={titleId} space="3" aria-labelledby={titleId}>
        <h2 id={titleId} className={sectionTitle}>
          {becauseYouLike(row.because)}
        </h2>
        <ul className={styles.scroller}>
          {events.map((event) => (
            <li key={event.id} className={styles.item}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </Stack>
    );
  });
}
