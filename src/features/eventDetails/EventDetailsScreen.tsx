import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { apiErrorMessage, HTTPError } from '../../api/client.ts';
import { eventQueryOptions } from '../../api/events.ts';
import { useAppState } from '../../app/appState.tsx';
import { usePageMetadata } from '../../app/usePageMetadata.ts';
import { ageRangeLabel } from '../../domain/ageRange.ts';
import { googleCalendarUrl } from '../../domain/calendarLink.ts';
import { currentPlatform, type MapOption, mapOptions } from '../../domain/directions.ts';
import { longDateLabel } from '../../domain/eventDates.ts';
import { cardPriceLabel } from '../../domain/eventDisplay.ts';
import { eventShareUrl } from '../../domain/eventLinks.ts';
import {
  Badge,
  Box,
  Button,
  Card,
  ExternalLinkButton,
  Icon,
  IconButton,
  IconLink,
  type IconSource,
  LinkButton,
  LoadProblem,
  Skeleton,
  Stack,
  useToast,
} from '../../ui/index.ts';
import * as page from '../../ui/page.css.ts';
import { bareList, noticeRecipe } from '../../ui/surfaces.css.ts';
import { EventPicture, SaveButton } from '../events/EventCard.tsx';
import { shareLink } from '../events/shareLink.ts';
import { DirectionsDialog } from './DirectionsDialog.tsx';
import * as styles from './eventDetails.css.ts';
import { detailIcons } from './icons.tsx';
import { VenueMap } from './VenueMap.tsx';

const EVENT_NOT_FOUND_TITLE = 'Event not found';
const EVENT_LINK_COPIED_TEXT = 'Event link copied to clipboard!';

/** docs/product.md#spec-2-event-details: the static list every event shows. */
export const WHAT_TO_EXPECT = [
  'Live performances and family entertainment',
  'Food options',
  'Activities for all ages',
  'Parking and transport nearby',
] as const;

/**
 * /event/$id and /event-detail (docs/product.md#spec-2-event-details). `id` comes from the path or the
 * `#event-{id}` hash, null when neither names one. The event chosen in app state (the shake
 * result) is shown as it is when it is the one asked for, or when no id was given; any other id
 * is fetched.
 */
export function EventDetailsScreen({ id }: { id: string | null }) {
  const selected = useAppState((state) => state.selectedEvent);
  const fromState = selected !== null && (id === null || selected.id === id) ? selected : null;
  const query = useQuery({
    ...eventQueryOptions(id ?? ''),
    enabled: fromState === null && id !== null,
  });

  if (fromState !== null) return <EventDetails event={fromState} />;
  if (id === null) return <EventNotFound />;
  if (query.status === 'pending') return <EventDetailsSkeleton />;
  if (query.status === 'error') {
    if (query.error instanceof HTTPError && query.error.response.status === 404) {
      return <EventNotFound />;
    }
    return (
      <div className={styles.page}>
        <PageTop />
        <LoadProblem
          problem="We couldn't load this event."
          reason={apiErrorMessage(query.error)}
          isRetrying={query.isRefetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  return <EventDetails event={query.data} />;
}

/** The screen's header row (docs/product.md#spec-2): back to /, 'Event Details', and share when there is an event. */
function PageTop({ onShare }: { onShare?: () => void }) {
  return (
    <header className={styles.top}>
      <IconLink to="/" icon="chevronLeft" aria-label="Back to Home" />
      <h1 className={styles.screenTitle}>Event Details</h1>
      {onShare ? (
        <IconButton icon={detailIcons.share} aria-label="Share this event" onPress={onShare} />
      ) : (
        <span className={styles.topSpacer} />
      )}
    </header>
  );
}

function EventNotFound() {
  usePageMetadata({ title: EVENT_NOT_FOUND_TITLE });
  return (
    <section className={page.centeredPage} aria-labelledby="event-missing-title">
      <span className={page.illustration} aria-hidden="true">
        <Icon name="calendar" size={52} />
      </span>
      <h1 id="event-missing-title" className={page.pageTitle}>
        {EVENT_NOT_FOUND_TITLE}
      </h1>
      <p className={page.pageLead}>It may have ended or been removed, or the link is incomplete.</p>
      <LinkButton to="/" icon="home" size="lg">
        Go Home
      </LinkButton>
    </section>
  );
}

function EventDetailsSkeleton() {
  return (
    <div className={styles.page} role="status" aria-label="Loading the event">
      <PageTop />
      <Skeleton height="auto" className={styles.imageSkeleton} radius={16} />
      <Skeleton height={32} width="80%" />
      <Skeleton height={16} />
      <Skeleton height={16} width="60%" />
      <Skeleton height={72} radius={16} />
      <Skeleton height={96} radius={16} />
      <Skeleton height={72} radius={16} />
    </div>
  );
}

function EventDetails({ event }: { event: Event }) {
  const toast = useToast();
  const [choosingMap, setChoosingMap] = useState(false);
  const mapChoices = useMemo(() => mapOptions(event, currentPlatform()), [event]);
  usePageMetadata({ title: event.title, description: event.description });

  const share = () =>
    void shareLink(
      {
        title: event.title,
        text: `Join us at ${event.title}!`,
        url: eventShareUrl(event.id),
        copiedMessage: EVENT_LINK_COPIED_TEXT,
      },
      toast,
    );
  const openMap = (option: MapOption) => {
    setChoosingMap(false);
    // A geo: link is for the phone's own maps app; a new tab would stay blank behind it.
    if (option.url.startsWith('geo:')) window.location.assign(option.url);
    else window.open(option.url, '_blank', 'noopener,noreferrer');
  };
  const price = cardPriceLabel(event.price);
  const isFree = price === 'FREE';
  const placeName = event.venue || event.address || event.location;
  // Events cached offline by an older build have no `cancelled`: not cancelled, as then.
  const cancelled = event.cancelled === true;
  const ages = ageRangeLabel(event);

  return (
    <article className={styles.page} aria-labelledby="event-title">
      <PageTop onShare={share} />

      <div className={styles.hero}>
        <EventPicture
          event={event}
          eager
          sizes={heroSizes}
          className={cancelled ? `${styles.heroImage} ${styles.cancelledImage}` : styles.heroImage}
        />
        {/* The heart sits where it does on every event card: the same control, the same place. */}
        <SaveButton eventId={event.id} title={event.title} />
      </div>

      <Stack space="3">
        <h2 id="event-title" className={styles.eventTitle}>
          {event.title}
        </h2>
        {cancelled || event.isFamilyFriendly || ages ? (
          // The badges the event's card shows on its picture, in the same order.
          <Box display="flex" flexWrap="wrap" gap="2">
            {cancelled ? (
              <Badge tone="danger" className={styles.statusBadge}>
                <Icon name="close" size={14} />
                Cancelled
              </Badge>
            ) : null}
            {event.isFamilyFriendly ? (
              <Badge tone="family" className={styles.detailBadge}>
                <Icon name="shield" size={14} />
                Family Safe
              </Badge>
            ) : null}
            {ages ? (
              <Badge tone="neutral" className={styles.detailBadge}>
                {ages}
              </Badge>
            ) : null}
          </Box>
        ) : null}
        {event.description ? <p className={styles.description}>{event.description}</p> : null}
      </Stack>

      <Stack space="3">
        <InfoCard icon="calendar" label="Date">
          {cancelled ? (
            <p className={styles.cancelledNote}>Cancelled: it will not take place</p>
          ) : null}
          <p className={cancelled ? `${styles.infoMain} ${styles.struck}` : styles.infoMain}>
            {longDateLabel(event)}
          </p>
          {event.time ? (
            <p className={cancelled ? `${styles.infoSub} ${styles.struck}` : styles.infoSub}>
              {event.time}
            </p>
          ) : null}
        </InfoCard>
        <InfoCard icon="mapPin" label="Venue">
          <p className={styles.infoMain}>{event.venue || event.location}</p>
          {event.address ? <p className={styles.infoSub}>{event.address}</p> : null}
          <VenueMap latitude={event.latitude} longitude={event.longitude} placeName={placeName} />
          <Button
            variant="secondary"
            size="sm"
            icon={detailIcons.navigation}
            className={styles.infoAction}
            onPress={() => setChoosingMap(true)}
          >
            Directions
          </Button>
        </InfoCard>
        <InfoCard icon={detailIcons.ticket} label="Price">
          <p className={styles.infoMain}>{price}</p>
          <p className={styles.infoSub}>
            {cancelled
              ? 'No tickets on sale'
              : event.ticketUrl
                ? 'Ticket required'
                : 'No ticket required'}
          </p>
        </InfoCard>
      </Stack>

      <Stack space="3">
        {cancelled ? (
          // Nothing to book or put in a calendar; sharing stays (the header's button) so a
          // family can tell others it is off.
          <p className={noticeRecipe({ size: 'md' })} role="note">
            This event was cancelled, so there are no tickets to get and nothing to add to your
            calendar.
          </p>
        ) : event.ticketUrl ? (
          <ExternalLinkButton
            href={event.ticketUrl}
            variant="success"
            size="lg"
            fullWidth
            icon={detailIcons.ticket}
          >
            {`Get Tickets - ${isFree ? 'See Pricing' : price}`}
          </ExternalLinkButton>
        ) : (
          <ExternalLinkButton href={googleCalendarUrl(event)} size="lg" fullWidth icon="calendar">
            Add to Calendar
          </ExternalLinkButton>
        )}
        {/* One Directions button, on the venue card where the address is (docs/product.md#spec-2 lists it
            there and among the page's buttons; a second copy here repeated it). */}
        {cancelled ? null : (
          <Button variant="outline" fullWidth icon={detailIcons.share} onPress={share}>
            Invite Friends
          </Button>
        )}
      </Stack>

      <ul className={styles.tags} aria-label="Tags">
        {/* A '21+' tag would repeat the age badge, as on the card. */}
        {event.tags
          .filter((tag) => tag !== ages)
          .map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        {event.isFamilyFriendly ? (
          <li className={`${styles.tag} ${styles.familyTag}`}>Family Friendly</li>
        ) : null}
      </ul>

      <section className={styles.expectSection} aria-labelledby="what-to-expect">
        <h3 id="what-to-expect" className={styles.expectTitle}>
          What to Expect
        </h3>
        <Stack as="ul" space="2" className={bareList}>
          {WHAT_TO_EXPECT.map((item) => (
            <Box as="li" key={item} display="flex" alignItems="flex-start" gap="2">
              <Icon name="check" size={18} className={styles.expectCheck} />
              {item}
            </Box>
          ))}
        </Stack>
      </section>

      <DirectionsDialog
        options={mapChoices}
        placeName={placeName}
        isOpen={choosingMap}
        onClose={() => setChoosingMap(false)}
        onChoose={openMap}
      />
    </article>
  );
}

/** The page's picture spans the single column: the screen on a phone, 640 px at most. */
const heroSizes = '(min-width: 672px) 640px, 100vw';

/** One fact card (date, venue, price): an icon, a label for screen readers and sighted alike. */
function InfoCard({
  icon,
  label,
  children,
}: {
  icon: IconSource;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card className={styles.infoCard}>
      <span className={styles.infoIcon} aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <div className={styles.infoBody}>
        <p className={styles.infoLabel}>{label}</p>
        {children}
      </div>
    </Card>
  );
}
