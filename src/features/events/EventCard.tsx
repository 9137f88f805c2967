import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { Event } from '../../../contract/events.ts';
import { MAX_SAVED_IDS } from '../../../contract/savedRules.ts';
import { useAppState, useAppStateStore } from '../../app/appState.tsx';
import { ageRangeLabel } from '../../domain/ageRange.ts';
import { distanceText, familyDistanceUnit } from '../../domain/distance.ts';
import { cardDateLabel, cardPriceLabel, categoryImage } from '../../domain/eventDisplay.ts';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import { Badge, Icon, useToast } from '../../ui/index.ts';
import { Picture } from '../../ui/Picture.tsx';
import { useFeedbackFirst } from '../../ui/useFeedbackFirst.ts';
import { familySafeLabel } from './cardLabels.ts';
import * as styles from './eventCard.css.ts';
import { i18n } from './messages.ts';

/** What the heart says instead of saving into a full list (the API keeps no more). */
export function savedListFullText(): string {
  return i18n.t('events.save.listFull', { max: MAX_SAVED_IDS });
}

/**
 * The same text in the language in use when this module loaded (English in the tests, which
 * compare with it); the heart reads `savedListFullText()` when it speaks.
 */
export const SAVED_LIST_FULL_TEXT = savedListFullText();

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
  // Events cached offline by an older build have no `cancelled`: not cancelled, as then.
  const cancelled = event.cancelled === true;
  const titleId = `event-${event.id}-title`;
  const cancelledId = `event-${event.id}-cancelled`;
  // From the place the list was asked for; none for a list that named no place (saved), nor on
  // an event an older build kept offline.
  const distance =
    typeof event.distanceKm === 'number'
      ? distanceText(event.distanceKm, familyDistanceUnit())
      : undefined;
  return (
    <article
      className={styles.card}
      data-cancelled={cancelled || undefined}
      // 'Bubble Festival Cancelled': a list read by articles says it too.
      aria-labelledby={cancelled ? `${titleId} ${cancelledId}` : titleId}
    >
      <div className={styles.media}>
        <EventPicture event={event} eager={eagerImage} sizes={cardSizes} />
        {cancelled || event.isFamilyFriendly || ages ? (
          <div className={styles.badges}>
            {cancelled ? (
              <Badge id={cancelledId} tone="danger" className={styles.cancelledBadge}>
                {i18n.t('events.card.cancelled')}
              </Badge>
            ) : null}
            {event.isFamilyFriendly ? <Badge tone="family">{familySafeLabel()}</Badge> : null}
            {ages ? <Badge tone="neutral">{ages}</Badge> : null}
          </div>
        ) : null}
        <SaveButton eventId={event.id} title={event.title} />
      </div>
      <div className={styles.body}>
        <p className={styles.when}>{cardDateLabel(event)}</p>
        <Heading id={titleId} className={styles.title}>
          {titleContent ?? (
            <Link to="/event/$id" params={{ id: event.id }} className={styles.titleLink}>
              {event.title}
            </Link>
          )}
        </Heading>
        {event.venue || distance ? (
          <p className={styles.venue}>
            <Icon name="mapPin" size={16} />
            <span className={styles.venueName}>{event.venue}</span>
            {distance ? (
              <span className={styles.distance}>
                {distance}
                <span className={visuallyHidden}>{i18n.t('events.card.away')}</span>
              </span>
            ) : null}
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

/**
 * A card is the list's full width on a phone and half of it from the tablet breakpoint
 * (search.css.ts's two columns), inside a page at most about 1000 px wide.
 */
const cardSizes = '(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw';

/**
 * The event's fetched picture (contract/pictures.ts) in every width and format, or the
 * listed image and then the category's drawing. Decorative on a card (alt ''): the title is
 * right beside it, and a photo's only description would repeat it.
 */
export function EventPicture({
  event,
  eager,
  sizes,
  alt = '',
  className = styles.image,
}: {
  event: Pick<Event, 'imageId' | 'imageUrl' | 'category'>;
  eager: boolean;
  sizes: string;
  alt?: string;
  className?: string;
}) {
  return (
    <Picture
      // Keyed so a card reused for another event starts again from its own picture.
      key={`${event.imageId ?? ''} ${event.imageUrl}`}
      imageId={event.imageId}
      fallbacks={[event.imageUrl, categoryImage(event.category)]}
      sizes={sizes}
      alt={alt}
      eager={eager}
      className={className}
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
  const isSaved = useAppState((state) => state.savedEventIds.includes(eventId));
  const store = useAppStateStore();
  const toast = useToast();
  // The heart fills in the next frame; the saved list (and every card reading it) follows after
  // that frame is painted. Toggled only if it is not already so (another heart for the same
  // event, on the details screen, may have got there first).
  const [saved, setSaved] = useFeedbackFirst(isSaved, (next: boolean) => {
    if (store.getSnapshot().savedEventIds.includes(eventId) !== next) store.toggleSaved(eventId);
  });
  return (
    <AriaButton
      className={className}
      data-saved={saved}
      aria-label={
        saved ? i18n.t('events.save.remove', { title }) : i18n.t('events.save.add', { title })
      }
      onPress={() => {
        if (!saved && store.getSnapshot().savedEventIds.length >= MAX_SAVED_IDS) {
          toast({ title: savedListFullText() });
          return;
        }
        setSaved(!saved);
      }}
    >
      <Icon name="heart" size={22} filled={saved} />
    </AriaButton>
  );
}
