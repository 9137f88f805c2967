import { useId, useState } from 'react';
import type { Restaurant } from '../../../contract/restaurants.ts';
import { buttonRecipe } from '../../ui/button.css.ts';
import { Badge, Inline } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './restaurantCard.css.ts';
import { StarRating } from './StarRating.tsx';

/** docs/product.md#spec-9: a restaurant card shows its first two features. */
const RESTAURANT_FEATURE_COUNT = 2;
const fallbackImage = '/images/categories/restaurant.svg';

/**
 * docs/product.md#spec-2-home: the reservation card. Reserve opens the restaurant's booking page in a new tab;
 * a restaurant without one has no Reserve button rather than a dead one.
 */
export function RestaurantCard({ restaurant }: { restaurant: Restaurant }) {
  const id = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const meta = [restaurant.cuisine, restaurant.priceLevel, restaurant.distance].filter(Boolean);
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <img
        className={styles.image}
        src={imageFailed || restaurant.imageUrl === '' ? fallbackImage : restaurant.imageUrl}
        alt=""
        loading="lazy"
        onError={() => setImageFailed(true)}
      />
      <div className={styles.body}>
        <h3 id={`${id}-name`} className={styles.name}>
          {restaurant.name}
        </h3>
        <p className={styles.meta}>{meta.join(' · ')}</p>
        <StarRating rating={restaurant.rating} id={id} />
        <Inline space="1">
          {restaurant.features.slice(0, RESTAURANT_FEATURE_COUNT).map((feature) => (
            <Badge key={feature} tone="neutral">
              {/* The restaurant's own words, as its listing gives them (English), like an event's. */}
              <span lang="en">{feature}</span>
            </Badge>
          ))}
        </Inline>
      </div>
      {restaurant.reservationUrl ? (
        <div className={styles.actions}>
          <a
            className={reserveButton}
            href={restaurant.reservationUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={i18n.t('restaurants.card.reserveLabel', { name: restaurant.name })}
          >
            {i18n.t('restaurants.card.reserve')}
          </a>
        </div>
      ) : null}
    </article>
  );
}

const reserveButton = buttonRecipe({ variant: 'primary', size: 'sm' });
