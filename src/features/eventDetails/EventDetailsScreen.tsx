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
import { cardPriceLabel, isFreePrice } from '../../domain/eventDisplay.ts';
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
import { i18n } from './messages.ts';
import { VenueMap } from './VenueMap.tsx';

/**
 * docs/product.md#spec-2-event-details: the static list every event shows, in the language in
 * use each time it is read.
 */
export const WHAT_TO_EXPECT: Iterable<string> = {
  *[Symbol.iterator]() {
    yield i18n.t('eventDetails.expect.shows');
    yield i18n.t('eventDetails.expect.food');
    yield i18n.t('eventDetails.expect.activities');
    yield i18n.t('eventDetails.expect.parking');
  },
};

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
          problem={i18n.t('eventDetails.loadProblem')}
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
      <IconLink to="/" icon="chevronLeft" aria-label={i18n.t('eventDetails.top.back')} />
      <h1 className={styles.screenTitle}>{i18n.t('eventDetails.top.title')}</h1>
      {onShare ? (
        <IconButton
          icon={detailIcons.share}
          aria-label={i18n.t('eventDetails.top.share')}
          onPress={onShare}
        />
      ) : (
        <span className={styles.topSpacer} />
      )}
    </header>
  );
}

function EventNotFound() {
  const title = i18n.t('eventDetails.notFound.title');
  usePageMetadata({ title });
  return (
    <section className={page.centeredPage} aria-labelledby="event-missing-title">
      <span className={page.illustration} aria-hidden="true">
        <Icon name="calendar" size={52} />
      </span>
      <h1 id="event-missing-title" className={page.pageTitle}>
        {title}
      </h1>
      <p className={page.pageLead}>{i18n.t('eventDetails.notFound.lead')}</p>
      <LinkButton to="/" icon="home" size="lg">
        {i18n.t('eventDetails.notFound.goHome')}
      </LinkButton>
    </section>
  );
}

function EventDetailsSkeleton() {
  return (
    <div className={styles.page} role="status" aria-label={i18n.t('eventDetails.loading')}>
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
        text: i18n.t('eventDetails.share.text', { title: event.title }),
        url: eventShareUrl(event.id),
        copiedMessage: i18n.t('eventDetails.share.copied'),
      },
      toast,
    );
  const openMap = (option: MapOption) => {
    setChoosingMap(false);
    // A geo: link is for the phone's own maps app; a new tab would stay blank behind it.
    if (option.url.startsWith('geo:')) window.location.assign(option.url);
    else window.open(option.url, '_blank', 'noopener,noreferrer');
  };
  const isFree = isFreePrice(event.price);
  const price = cardPriceLabel(event.price);
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
                {i18n.t('eventDetails.badge.cancelled')}
              </Badge>
            ) : null}
            {event.isFamilyFriendly ? (
              <Badge tone="family" className={styles.detailBadge}>
                <Icon name="shield" size={14} />
                {i18n.t('eventDetails.badge.familySafe')}
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
        <InfoCard icon="calendar" label={i18n.t('eventDetails.info.date')}>
          {cancelled ? (
            <p className={styles.cancelledNote}>{i18n.t('eventDetails.info.cancelled')}</p>
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
        <InfoCard icon="mapPin" label={i18n.t('eventDetails.info.venue')}>
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
            {i18n.t('eventDetails.directions')}
          </Button>
        </InfoCard>
        <InfoCard icon={detailIcons.ticket} label={i18n.t('eventDetails.info.price')}>
          <p className={styles.infoMain}>{price}</p>
          <p className={styles.infoSub}>
            {cancelled
              ? i18n.t('eventDetails.tickets.noneOnSale')
              : event.ticketUrl
                ? i18n.t('eventDetails.tickets.required')
                : i18n.t('eventDetails.tickets.notRequired')}
          </p>
        </InfoCard>
      </Stack>

      <Stack space="3">
        {cancelled ? (
          // Nothing to book or put in a calendar; sharing stays (the header's button) so a
          // family can tell others it is off.
          <p className={noticeRecipe({ size: 'md' })} role="note">
            {i18n.t('eventDetails.cancelledNote')}
          </p>
        ) : event.ticketUrl ? (
          <ExternalLinkButton
            href={event.ticketUrl}
            variant="success"
            size="lg"
            fullWidth
            icon={detailIcons.ticket}
          >
            {isFree
              ? i18n.t('eventDetails.tickets.getSeePricing')
              : i18n.t('eventDetails.tickets.get', { price })}
          </ExternalLinkButton>
        ) : (
          <ExternalLinkButton href={googleCalendarUrl(event)} size="lg" fullWidth icon="calendar">
            {i18n.t('eventDetails.addToCalendar')}
          </ExternalLinkButton>
        )}
        {/* One Directions button, on the venue card where the address is (docs/product.md#spec-2 lists it
            there and among the page's buttons; a second copy here repeated it). */}
        {cancelled ? null : (
          <Button variant="outline" fullWidth icon={detailIcons.share} onPress={share}>
            {i18n.t('eventDetails.invite')}
          </Button>
        )}
      </Stack>

      <ul className={styles.tags} aria-label={i18n.t('eventDetails.tags.label')}>
        {/* A '21+' tag would repeat the age badge, as on the card. */}
        {event.tags
          .filter((tag) => tag !== ages)
          .map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        {event.isFamilyFriendly ? (
          <li className={`${styles.tag} ${styles.familyTag}`}>
            {i18n.t('eventDetails.tags.familyFriendly')}
          </li>
        ) : null}
      </ul>

      <section className={styles.expectSection} aria-labelledby="what-to-expect">
        <h3 id="what-to-expect" className={styles.expectTitle}>
          {i18n.t('eventDetails.expect.title')}
        </h3>
        <Stack as="ul" space="2" className={bareList}>
          {Array.from(WHAT_TO_EXPECT, (item) => (
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
