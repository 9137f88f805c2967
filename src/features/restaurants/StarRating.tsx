import { parseRating, STAR_SCALE, type Star, starsFor } from '../../domain/rating.ts';
import { i18n } from './messages.ts';
import * as styles from './restaurantCard.css.ts';

const starPath = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

function StarShape({ kind, clipId }: { kind: Star; clipId: string }) {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false">
      {kind === 'half' ? (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      ) : null}
      <path d={starPath} fill="none" stroke="currentColor" strokeWidth={1.6} />
      {kind === 'empty' ? null : (
        <path
          d={starPath}
          fill="currentColor"
          clipPath={kind === 'half' ? `url(#${clipId})` : undefined}
        />
      )}
    </svg>
  );
}

/** Five stars with the number beside them; one text alternative for the whole row. */
export function StarRating({ rating, id }: { rating: string; id: string }) {
  const value = parseRating(rating);
  if (value === null) {
    return <span className={styles.meta}>{i18n.t('restaurants.rating.none')}</span>;
  }
  return (
    <span className={styles.ratingRow}>
      <span
        role="img"
        aria-label={i18n.t('restaurants.rating.label', { value, scale: STAR_SCALE })}
        className={styles.stars}
      >
        {starsFor(value).map((kind, index) => (
          // Five fixed positions: the index is the star's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: positions never reorder
          <StarShape key={index} kind={kind} clipId={`${id}-half`} />
        ))}
      </span>
      <span aria-hidden="true">{value.toFixed(1)}</span>
    </span>
  );
}
