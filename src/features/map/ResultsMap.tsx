import 'leaflet/dist/leaflet.css';
import { Link } from '@tanstack/react-router';
import L from 'leaflet';
import {
  type ComponentType,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import Supercluster from 'supercluster';
import {
  type BoundingBox,
  formatBoundingBox,
  MAX_BBOX_SPAN_DEGREES,
  parseBoundingBox,
} from '../../../contract/boundingBox.ts';
import type { Event } from '../../../contract/events.ts';
import type { MapTheme } from '../../../contract/maps.ts';
import { useAppState } from '../../app/appState.tsx';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { cardDateLabel, cardPriceLabel } from '../../domain/eventDisplay.ts';
import { Badge, Button, Icon, IconButton } from '../../ui/index.ts';
import { SaveButton } from '../events/EventCard.tsx';
import { GpsError, requestPosition } from '../shell/gpsMessages.ts';
import { watchFirstView } from './firstView.ts';
import { i18n } from './laterMessages.ts';
import * as styles from './map.css.ts';
import { clusterLabel, eventsOf, pinLabel, resultsBounds } from './pins.ts';
import { mapFrame } from './resultsView.css.ts';
import { ResultsViewActor } from './resultsViewActor.tsx';
import { tileOptions } from './tileOptions.ts';

export interface ResultsMapProps {
  /** The results as the list shows them, in its order. */
  events: readonly Event[];
  /** The search these results answer: a new one fits the map to them again. */
  searchKey: string;
  /** The address's `?bbox=` ('Search this area' was used): the map shows that box. */
  bbox?: string;
  /** Search offers 'Search this area'; Saved has no area to search. */
  canSearchArea: boolean;
  /** The list below, for the 'Skip the map' link. */
  listId: string;
  /**
   * The pin card's 'View details': where the screen's own list opens an event, so Back from the
   * details returns to this map. Absent: the event's page, /event/$id (Search's list).
   */
  detailsLink?: DetailsLink;
}

/** A link to an event's details, with the style and name it is given, around `children`. */
export interface DetailsLinkProps {
  event: Event;
  className: string;
  'aria-label'?: string;
  children: ReactNode;
}

export type DetailsLink = ComponentType<DetailsLinkProps>;

function EventPageLink({ event, ...link }: DetailsLinkProps) {
  return <Link to="/event/$id" params={{ id: event.id }} {...link} />;
}

/** The contiguous United States, for a family with neither results nor a GPS position. */
const NO_PLACE_VIEW = { center: [39.5, -98.35] as L.LatLngTuple, zoom: 4 };
/** Fitting to the results never zooms in closer than a neighbourhood. */
const FIT_MAX_ZOOM = 14;
/** 'My location' shows at least a few streets around the family. */
const LOCATE_ZOOM = 13;
/**
 * Pins closer than this many pixels join one cluster: a pin is 44 px wide, so what stays apart
 * never overlaps and each stays a whole touch target.
 */
const CLUSTER_RADIUS_PX = 56;

type Pin =
  | { kind: 'event'; key: string; at: L.LatLngTuple; order: number; event: Event }
  | {
      kind: 'cluster';
      key: string;
      at: L.LatLngTuple;
      order: number;
      count: number;
      clusterId: number;
      expansionZoom: number;
    };

interface Viewport {
  box: [number, number, number, number];
  zoom: number;
}

/**
 * The results on a Leaflet map (issue 33), loaded only when the map is shown. Each pin is a real
 * button, rendered by React into the marker Leaflet places; pins that sit close are clustered
 * (supercluster). The chart (machines/resultsView.ts) hears when the first view drew its tiles
 * (or none of them could be fetched), which pin is open, and when the family moved the map.
 */
export default function ResultsMap({
  events,
  searchKey,
  bbox,
  canSearchArea,
  listId,
  detailsLink = EventPageLink,
}: ResultsMapProps) {
  const config = useClientConfig().map;
  const theme = useDocumentTheme();
  const coordinates = useAppState((state) => state.locationCoordinates);
  const actor = ResultsViewActor.useActorRef();
  const loading = ResultsViewActor.useSelector((state) => state.matches({ map: 'loading' }));
  const moved = ResultsViewActor.useSelector((state) => state.context.moved);
  const selected = ResultsViewActor.useSelector((state) => state.context.selected);

  const frameRef = useRef<HTMLDivElement>(null);
  const mapElementRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const tilesRef = useRef<L.TileLayer | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  /** True while the map moves itself (a fit): only the family's own moves offer a new search. */
  const movingItself = useRef(false);

  // What the map opens on, read when it is (re)fitted rather than captured by the effects.
  const latest = useRef({ events, bbox, coordinates });
  latest.current = { events, bbox, coordinates };

  // The map itself, once. Fitted before its tiles are added, so the first tiles fetched are the
  // first view's, and the verdict on them (ready or failed) is about what the family sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; the theme's tiles follow in their own effect.
  useEffect(() => {
    const element = mapElementRef.current;
    if (!element) return;
    const created = L.map(element, {
      maxZoom: config.maxZoom,
      zoomControl: false,
      attributionControl: false,
      zoomSnap: 1,
      // Tiles show whole as each arrives: Leaflet's 200 ms fade-in lays half-transparent tiles
      // over the frame's background, which reads as a patchwork of seams while the map opens.
      fadeAnimation: false,
    });
    L.control.zoom({ position: 'topleft' }).addTo(created);
    L.control
      .attribution({ prefix: false, position: 'bottomright' })
      .addAttribution(escapeHtml(config.attribution))
      .addTo(created);
    fitView(created, latest.current, movingItself);

    const tiles = L.tileLayer(
      config.tiles[theme],
      tileOptions(config.tiles[theme], config.maxZoom, {
        retina: L.Browser.retina,
        origin: window.location.origin,
      }),
    );
    watchFirstView(tiles, (verdict) =>
      actor.send({ type: verdict === 'ready' ? 'map.ready' : 'map.failed' }),
    );
    tiles.addTo(created);
    tilesRef.current = tiles;

    created.on('moveend', () => {
      setViewport(viewportOf(created));
      if (!movingItself.current) actor.send({ type: 'map.moved' });
    });
    setViewport(viewportOf(created));
    setMap(created);
    // The map opens below the search's tools: brought whole into view, as far as the screen allows.
    frameRef.current?.scrollIntoView({ block: 'nearest' });
    return () => {
      created.remove();
      tilesRef.current = null;
    };
  }, []);

  // Dark tiles in the dark theme.
  useEffect(() => {
    tilesRef.current?.setUrl(config.tiles[theme]);
  }, [config.tiles, theme]);

  // A new search (a filter, 'Search this area', results arriving for the first time) fits the
  // map to its results again; more pages of the same search only add pins.
  const fitFor = `${searchKey} ${events.length > 0}`;
  const fittedFor = useRef(fitFor);
  useEffect(() => {
    if (!map || fittedFor.current === fitFor) return;
    fittedFor.current = fitFor;
    fitView(map, latest.current, movingItself);
    setViewport(viewportOf(map));
    actor.send({ type: 'map.fitted' });
  }, [map, fitFor, actor]);

  // The open card follows the results: an event no longer among them closes it.
  useEffect(() => {
    actor.send({ type: 'data.ids', ids: events.map((event) => event.id) });
  }, [actor, events]);

  const index = useMemo(() => {
    const clusters = new Supercluster<{ id: string; order: number }, { order: number }>({
      radius: CLUSTER_RADIUS_PX,
      // The radius counts in pixels of a 256 px tile, Leaflet's own (supercluster's default 512
      // would halve it on screen).
      extent: 256,
      maxZoom: config.maxZoom,
      map: ({ order }) => ({ order }),
      reduce: (accumulated, { order }) => {
        accumulated.order = Math.min(accumulated.order, order);
      },
    });
    clusters.load(
      events.map((event, order) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [event.longitude, event.latitude] },
        properties: { id: event.id, order },
      })),
    );
    return clusters;
  }, [events, config.maxZoom]);

  const byId = useMemo(() => new Map(events.map((event) => [event.id, event])), [events]);
  const pins = useMemo<Pin[]>(() => {
    if (!viewport) return [];
    return index
      .getClusters(viewport.box, viewport.zoom)
      .flatMap((feature): Pin[] => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const at: L.LatLngTuple = [latitude, longitude];
        const { properties } = feature;
        if ('cluster' in properties && properties.cluster) {
          return [
            {
              kind: 'cluster',
              key: `cluster-${viewport.zoom}-${properties.cluster_id}`,
              at,
              order: properties.order,
              count: properties.point_count,
              clusterId: properties.cluster_id,
              expansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
            },
          ];
        }
        const { id, order } = properties as { id: string; order: number };
        const event = byId.get(id);
        return event ? [{ kind: 'event', key: `event-${id}`, at, order, event }] : [];
      })
      .sort((a, b) => a.order - b.order);
  }, [index, viewport, byId]);

  const markerHosts = usePinMarkers(map, pins);

  function openCluster(pin: Extract<Pin, { kind: 'cluster' }>) {
    if (!map) return;
    if (pin.expansionZoom <= map.getMaxZoom()) {
      map.setView(pin.at, pin.expansionZoom);
      return;
    }
    // One venue's events: no zoom separates them, so the card lists them.
    const ids = index
      .getLeaves(pin.clusterId, Number.POSITIVE_INFINITY)
      .map((leaf) => leaf.properties.id);
    actor.send({ type: 'user.selectPin', ids });
  }

  const area = map && moved && canSearchArea ? searchableArea(map) : null;
  const selectedEvents = eventsOf(events, selected);
  const count = events.length;

  return (
    <section aria-label={i18n.t('map.region.label', { count })}>
      <a href={`#${listId}`} className={styles.skipLink}>
        {i18n.t('map.skipLink')}
      </a>
      <div ref={frameRef} className={mapFrame}>
        {/* Leaflet makes this box focusable (arrow keys pan it): the group names it. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a map, not a form's fieldset. */}
        <div
          ref={mapElementRef}
          className={styles.map}
          role="group"
          aria-label={i18n.t('map.map.label')}
        />
        <div className={styles.topBar}>
          {area ? (
            <Button
              size="sm"
              icon="search"
              className={styles.floatingButton}
              isDisabled={area === 'tooLarge'}
              onPress={() => {
                if (area !== 'tooLarge') actor.send({ type: 'user.searchArea', bbox: area });
              }}
            >
              {area === 'tooLarge' ? i18n.t('map.area.zoomIn') : i18n.t('map.area.search')}
            </Button>
          ) : null}
        </div>
        <MyLocationButton map={map} />
        {loading ? (
          <p role="status" className={styles.loadingPill}>
            {i18n.t('map.loading')}
          </p>
        ) : null}
        {selectedEvents.length > 0 ? (
          <PinCard
            events={selectedEvents}
            DetailsLink={detailsLink}
            onClose={() => {
              actor.send({ type: 'user.closePin' });
              mapElementRef.current?.focus();
            }}
          />
        ) : null}
      </div>
      {pins.map((pin) => {
        const host = markerHosts.get(pin.key);
        if (!host) return null;
        return createPortal(
          pin.kind === 'event' ? (
            <button
              type="button"
              className={styles.pin}
              data-cancelled={pin.event.cancelled || undefined}
              data-selected={selected.includes(pin.event.id) || undefined}
              aria-label={pinLabel(pin.event)}
              onClick={() => actor.send({ type: 'user.selectPin', ids: [pin.event.id] })}
            >
              <Icon name="mapPin" size={18} strokeWidth={2.5} />
            </button>
          ) : (
            <button
              type="button"
              className={styles.cluster}
              aria-label={clusterLabel(pin.count, pin.expansionZoom <= config.maxZoom)}
              onClick={() => openCluster(pin)}
            >
              {pin.count}
            </button>
          ),
          host,
          pin.key,
        );
      })}
    </section>
  );
}

/**
 * One Leaflet marker per pin, each holding an element React renders the pin's button into.
 * Markers are not Leaflet-interactive or keyboard-focusable themselves: the button inside is the
 * one target, so Tab meets each pin once, in the list's order.
 */
function usePinMarkers(map: L.Map | null, pins: readonly Pin[]): ReadonlyMap<string, HTMLElement> {
  const markers = useRef(new Map<string, { marker: L.Marker; host: HTMLElement }>());
  const [hosts, setHosts] = useState<ReadonlyMap<string, HTMLElement>>(new Map());

  useLayoutEffect(() => {
    if (!map) return;
    const wanted = new Set(pins.map((pin) => pin.key));
    for (const [key, { marker }] of markers.current) {
      if (wanted.has(key)) continue;
      marker.remove();
      markers.current.delete(key);
    }
    for (const pin of pins) {
      if (markers.current.has(pin.key)) continue;
      const host = document.createElement('div');
      // A press on a pin is the pin's: not the start of a drag, nor a double-click zoom.
      L.DomEvent.disableClickPropagation(host);
      const marker = L.marker(pin.at, {
        icon: L.divIcon({ html: host, className: styles.marker, iconSize: [0, 0] }),
        keyboard: false,
        interactive: false,
      }).addTo(map);
      markers.current.set(pin.key, { marker, host });
    }
    // The marker pane in the list's order: Tab goes from pin to pin as the list reads.
    const pane = map.getPane('markerPane');
    for (const pin of pins) {
      const element = markers.current.get(pin.key)?.marker.getElement();
      if (pane && element && pane.lastElementChild !== element) pane.appendChild(element);
    }
    setHosts(new Map([...markers.current].map(([key, { host }]) => [key, host] as const)));
  }, [map, pins]);

  useEffect(
    () => () => {
      for (const { marker } of markers.current.values()) marker.remove();
      markers.current.clear();
    },
    [],
  );
  return hosts;
}

/** The compact card of the open pin: one event, or the several a venue holds. */
function PinCard({
  events,
  DetailsLink,
  onClose,
}: {
  events: readonly Event[];
  DetailsLink: DetailsLink;
  onClose: () => void;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  const firstId = events[0]?.id;
  // The card takes the focus when it opens (or shows another pin): a keyboard or screen reader
  // user lands on what the pin opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocused when another pin opens.
  useEffect(() => {
    cardRef.current?.focus();
  }, [firstId]);
  const several = events.length > 1;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card over the map, not a form's fieldset.
    <div
      ref={cardRef}
      tabIndex={-1}
      role="group"
      aria-label={several ? i18n.t('map.card.several', { count: events.length }) : events[0]?.title}
      className={styles.card}
    >
      <div className={styles.cardHeader}>
        <p className={styles.cardKicker}>
          {several
            ? i18n.t('map.card.several', { count: events.length })
            : i18n.t('map.card.onTheMap')}
        </p>
        <IconButton
          icon="close"
          variant="plain"
          aria-label={i18n.t('map.card.close')}
          onPress={onClose}
        />
      </div>
      <ul className={styles.cardList}>
        {events.map((event) => (
          <li
            key={event.id}
            className={styles.cardItem}
            data-cancelled={event.cancelled || undefined}
          >
            <div className={styles.cardText}>
              <h3 className={styles.cardTitle}>{event.title}</h3>
              <p className={styles.cardWhen}>{cardDateLabel(event)}</p>
              <div className={styles.cardMeta}>
                <span className={styles.cardPrice}>{cardPriceLabel(event.price)}</span>
                {event.cancelled ? (
                  <Badge tone="danger">{i18n.t('map.event.cancelled')}</Badge>
                ) : null}
                {event.isFamilyFriendly ? (
                  <Badge tone="family">{i18n.t('map.card.familySafe')}</Badge>
                ) : null}
              </div>
              <DetailsLink
                event={event}
                className={styles.detailsLink}
                aria-label={i18n.t('map.card.detailsOf', { title: event.title })}
              >
                {i18n.t('map.card.viewDetails')}
                <Icon name="chevronRight" size={16} />
              </DetailsLink>
            </div>
            <SaveButton eventId={event.id} title={event.title} className={styles.cardHeart} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'My location': the GPS flow the header's location dialog uses (the same request, options and
 * messages, src/features/shell/gpsMessages.ts), then the map centres there. The app's location
 * is left as it is: the family sees where they are and can search that area.
 */
function MyLocationButton({ map }: { map: L.Map | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = useRef<L.CircleMarker | null>(null);

  async function locate() {
    if (!map) return;
    setBusy(true);
    setError(null);
    try {
      const { latitude, longitude } = await requestPosition();
      here.current?.remove();
      here.current = L.circleMarker([latitude, longitude], {
        radius: 8,
        className: styles.youAreHere,
        interactive: false,
      }).addTo(map);
      map.setView([latitude, longitude], Math.max(map.getZoom(), LOCATE_ZOOM));
    } catch (failure) {
      setError(failure instanceof GpsError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <IconButton
        icon="crosshair"
        variant="surface"
        aria-label={busy ? i18n.t('map.locate.busy') : i18n.t('map.locate.label')}
        isDisabled={!map}
        isPending={busy}
        className={styles.locateButton}
        onPress={() => void locate()}
      />
      {error ? (
        <div role="alert" className={styles.gpsError}>
          <p>{error}</p>
          <IconButton
            icon="close"
            variant="plain"
            aria-label={i18n.t('map.locate.dismiss')}
            onPress={() => setError(null)}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * Where the map opens: the box 'Search this area' asked for, else around the results, else on
 * the family's GPS position, else the whole country.
 */
function fitView(
  map: L.Map,
  {
    events,
    bbox,
    coordinates,
  }: {
    events: readonly Event[];
    bbox: string | undefined;
    coordinates: { latitude: number; longitude: number } | null;
  },
  movingItself: { current: boolean },
): void {
  movingItself.current = true;
  try {
    const asked = bbox === undefined ? null : parseBoundingBox(bbox);
    const box = asked?.ok ? asked.box : resultsBounds(events);
    if (box) {
      map.fitBounds(latLngBounds(box), {
        animate: false,
        padding: asked?.ok ? [0, 0] : [40, 40],
        maxZoom: FIT_MAX_ZOOM,
      });
    } else if (coordinates) {
      map.setView([coordinates.latitude, coordinates.longitude], 11, { animate: false });
    } else {
      map.setView(NO_PLACE_VIEW.center, NO_PLACE_VIEW.zoom, { animate: false });
    }
  } finally {
    // Leaflet moves without animation at once, its moveend included.
    movingItself.current = false;
  }
}

function latLngBounds(box: BoundingBox): L.LatLngBounds {
  return L.latLngBounds([box.south, box.west], [box.north, box.east]);
}

/** The view, a little wider, for clustering: pins just off the edge are ready as it pans. */
function viewportOf(map: L.Map): Viewport {
  const bounds = map.getBounds().pad(0.25);
  return {
    box: [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ],
    zoom: Math.round(map.getZoom()),
  };
}

/** The box the map shows, as `bbox=` takes it, or 'tooLarge' past what the API accepts. */
function searchableArea(map: L.Map): string | 'tooLarge' {
  const bounds = map.getBounds();
  const box = {
    west: Math.max(-180, bounds.getWest()),
    south: Math.max(-90, bounds.getSouth()),
    east: Math.min(180, bounds.getEast()),
    north: Math.min(90, bounds.getNorth()),
  };
  return box.east - box.west > MAX_BBOX_SPAN_DEGREES ||
    box.north - box.south > MAX_BBOX_SPAN_DEGREES
    ? 'tooLarge'
    : formatBoundingBox(box);
}

/** The configured attribution is plain text; Leaflet's control takes HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The theme the page shows: `<html data-theme>`, which the theme provider sets
 * (src/app/theme.tsx applyTheme). Read from the document rather than the provider's module, so
 * this chunk does not share that module with the first screens' code: the bundler would split
 * it out of their startup chunk into one more request for every first visit.
 */
function useDocumentTheme(): MapTheme {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
      return () => observer.disconnect();
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
  );
}
