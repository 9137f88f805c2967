import { Link } from '@tanstack/react-router';
import { memo, type ReactNode, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { Event } from '../../../contract/events.ts';
import { useAppState } from '../../app/appState.tsx';
import { ageRangeLabel } from '../../domain/ageRange.ts';
import { cardDateLabel, cardPriceLabel, categoryImage } from '../../domain/eventDisplay.ts';
import { Badge, Icon } from '../../ui/index.ts';
import * as styles from './eventCard.css.ts';

/** docs/product.md#spec-9: cards show the first two tags. */
const CARD_TAG_COUNT = 2;

interface EventCardProps {
  event: Event;
  /** The card's title level under its section's heading. */
  headingLevel?: 2 | 3;
  /** The first cards on a screen load their image at once; the rest when scrolled near. */
  eagerImage?: boolean;
  /**
   * What the title holds instead of the link to /event/{id}: Saved's own link (it stores the
   * event and opens /event-detail#event-{id}) or, in select mode, the plain title.
   */
  titleContent?: ReactNode;
  /** Drawn over the whole card, under the heart: Saved's select-mode checkbox. */
  overlay?: ReactNode;
}

/**
 * One event in any list. The title is a link to /event/{id} stretched over the whole card, so a
 * tap anywhere opens it while the heart stays a separate button (no button inside a link).
 */
export const EventCard = memo(function EventCard({
  event,
  headingLevel = 3,
  eagerImage = false,
  titleContent,
  overlay,
}: EventCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ages = ageRangeLabel(event);
  return (
    <article className={styles.card} aria-labelledby={`event-${event.id}-title`}>
      <div className={styles.media}>
        <EventImage
          src={event.imageUrl}
          fallback={categoryImage(event.category)}
          eager={eagerImage}
        />
        {event.isFamilyFriendly || ages ? (
          <div className={styles.badges}>
            {event.isFamilyFriendly ? <Badge tone="family">Family Safe</Badge> : null}
            {ages ? <Badge tone="neutral">{ages}</Badge> : null}
          </div>
        ) : null}
        <SaveButton eventId={event.id} title={event.title} />
      </div>
      <div className={styles.body}>
        <p className={styles.when}>{cardDateLabel(event)}</p>
        <Heading id={`event-${event.id}-title`} className={styles.title}>
          {titleContent ?? (
            <Link to="/event/$id" params={{ id: event.id }} className={styles.titleLink}>
              {event.title}
            </Link>
          )}
        </Heading>
        {event.venue ? (
          <p className={styles.venue}>
            <Icon name="mapPin" size={16} />
            <span className={styles.venueName}>{event.venue}</span>
          </p>
        ) : null}
        <div className={styles.footer}>
          <span className={styles.price}>{cardPriceLabel(event.price)}</span>
          {/* A '21+' tag would repeat the age badge on the image. */}
          {event.tags
            .filter((tag) => tag !== ages)
            .slice(0, CARD_TAG_COUNT)
            .map((tag) => (
              <span key={tag} className={styles.tag}>
                {tag}
              </span>
            ))}
        </div>
      </div>
      {overlay}
    </article>
  );
});

/** The event's image; on a load error the category's own illustration takes its place. */
export function EventImage({
  src,
  fallback,
  eager,
  className = styles.image,
}: {
  src: string;
  fallback: string;
  eager: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={failed || src === '' ? fallback : src}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The heart: reads only its own saved flag, so saving one card re-renders only that card. The
 * details screen shows the same toggle with its own placement (`className`).
 */
export function SaveButton({
  eventId,
  title,
  className = styles.saveButton,
}: {
  eventId: string;
  title: string;
  className?: string;
}) {
  const saved = useAppState((state) => state.savedEventIds.includes(eventId));
  const toggleSaved = useAppState((state) => state.toggleSaved);
  return (
    <AriaButton
      className={className}
      data-saved={saved}
      aria-label={saved ? `Remove ${title} from saved` : `Save ${title}`}
      onPress={() => toggleSaved(eventId)}
    >
      <Icon name="heart" size={22} filled={saved} />
    </AriaButton>
  );
}
