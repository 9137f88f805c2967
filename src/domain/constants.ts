import { STORAGE_PREFIX } from '../../contract/product.ts';

export { type CategoryId, categories, categoryIds } from '../../contract/categories.ts';
/**
 * The client's constants from docs/product.md#spec-9 and DESIGN.md. What the server shares (the product
 * name, the default location, the categories) lives in contract/ and is re-exported here, so
 * screens import one module and the server never imports src/.
 */
export { DEFAULT_LOCATION, PRODUCT_NAME, STORAGE_PREFIX } from '../../contract/product.ts';

/**
 * 'signed-in' while this device has a session: kept by the auth provider (src/app/storedSession.ts),
 * read before the first paint by public/theme-init.js (which page frame to paint) and by the
 * search route (whether to start its list early). Hyphenated, like the theme's key.
 */
export const SESSION_HINT_KEY = 'famjam-session';

/** Local-storage keys: everything under the prefix, the theme under its own hyphenated key. */
export const storageKeys = {
  events: `${STORAGE_PREFIX}events`,
  restaurants: `${STORAGE_PREFIX}restaurants`,
  user: `${STORAGE_PREFIX}user`,
  savedEvents: `${STORAGE_PREFIX}saved_events`,
  /** The saved list as the server last had it: what savedSync.ts merges local changes against. */
  savedSynced: `${STORAGE_PREFIX}saved_synced`,
  lastSync: `${STORAGE_PREFIX}last_sync`,
  /** Poll votes made offline, waiting to be sent (src/app/pendingChanges.ts). */
  pendingVotes: `${STORAGE_PREFIX}pending_votes`,
  location: `${STORAGE_PREFIX}location`,
  locationCoordinates: `${STORAGE_PREFIX}location_coordinates`,
  /** When this device last chose its location (appStateStore's locationSetAt). */
  locationSetAt: `${STORAGE_PREFIX}location_set_at`,
  familyMode: `${STORAGE_PREFIX}family_mode`,
  /** The radius last picked in Search ('5mi'): Home's lists use it too (appStateStore's familyRadius). */
  familyRadius: `${STORAGE_PREFIX}family_radius`,
  /** The search screen's last search, offered again on the next visit. */
  lastSearch: `${STORAGE_PREFIX}last_search`,
  /**
   * Who Firebase last said was signed in here ({uid, email, displayName, photoURL}): with the
   * kept profile, the gate draws a returning family's page before Firebase confirms (issue 36,
   * src/app/storedSession.ts). Kept and removed by the auth provider with the session hint.
   */
  sessionUser: `${STORAGE_PREFIX}session_user`,
  theme: 'famjam-theme',
} as const;

/**
 * docs/product.md#spec-9: a new account's bell shows 3. The server makes it (a welcome and two tips in
 * GET /api/me/notifications); the client shows the server's unreadCount and keeps no copy.
 */
export const DEFAULT_NOTIFICATION_COUNT = 3;
export const DEFAULT_FAMILY_MODE = true;
export const CACHE_STALE_MINUTES = 60;
export const HEADER_MIN_HEIGHT_PX = 120;

/** Legal pages' effective and last-updated date; children's privacy threshold. */
export const LEGAL_EFFECTIVE_DATE = 'January 15, 2025';
export const CHILDREN_PRIVACY_AGE = 13;

export {
  ageRanges,
  familyGroups,
  musicGenres,
  parseFamilySituation,
} from '../../contract/family.ts';
