/**
 * Product-wide constants from SPEC section 9 and DESIGN.md. Rebrand by changing PRODUCT_NAME
 * (and the storage prefix if you must keep old users' data apart).
 */
export const PRODUCT_NAME = 'FamJam';

/** Local-storage keys: everything under `famjam_`, the theme under its own hyphenated key. */
export const STORAGE_PREFIX = 'famjam_';
export const storageKeys = {
  events: `${STORAGE_PREFIX}events`,
  restaurants: `${STORAGE_PREFIX}restaurants`,
  user: `${STORAGE_PREFIX}user`,
  savedEvents: `${STORAGE_PREFIX}saved_events`,
  lastSync: `${STORAGE_PREFIX}last_sync`,
  location: `${STORAGE_PREFIX}location`,
  familyMode: `${STORAGE_PREFIX}family_mode`,
  theme: 'famjam-theme',
} as const;

export const DEFAULT_LOCATION = 'San Francisco, CA';
export const DEFAULT_NOTIFICATION_COUNT = 3;
export const DEFAULT_FAMILY_MODE = true;
export const CACHE_STALE_MINUTES = 60;
export const HEADER_MIN_HEIGHT_PX = 120;

/** Legal pages' effective and last-updated date; children's privacy threshold. */
export const LEGAL_EFFECTIVE_DATE = 'January 15, 2025';
export const CHILDREN_PRIVACY_AGE = 13;

export const categories = [
  { id: 'music', label: 'Music & Shows' },
  { id: 'comedy', label: 'Comedy' },
  { id: 'sportsgames', label: 'Sports Games' },
  { id: 'dining', label: 'Food & Dining' },
  { id: 'arts', label: 'Arts & Culture' },
  { id: 'sports', label: 'Active / Sports' },
  { id: 'deals', label: 'Deals & Discounts' },
  { id: 'popup', label: 'Pop-Up Events' },
  { id: 'random', label: 'Random' },
] as const;
export type CategoryId = (typeof categories)[number]['id'];
export const categoryIds = categories.map((c) => c.id) as readonly CategoryId[];

export const familyGroups = [
  { id: 'young_kids', label: 'Young kids', ages: '0-8 years' },
  { id: 'tweens', label: 'Tweens', ages: '9-12' },
  { id: 'teens', label: 'Teens', ages: '13-17' },
  { id: 'mixed_ages', label: 'Mixed ages', ages: 'various' },
] as const;

export const ageRanges = ['18-25', '26-35', '36-45', '46-55', '56+'] as const;

export const musicGenres = [
  'Pop',
  'Rock',
  'Jazz',
  'Blues',
  'Family',
  'Classical',
  'Hip-Hop',
  'Rap',
  'Country',
  'Electronic',
] as const;
