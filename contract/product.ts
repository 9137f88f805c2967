/**
 * The product's identity and defaults, shared by the client (titles, legal pages, storage keys)
 * and the server (API docs, the default place of every listing). Rebrand by changing
 * PRODUCT_NAME; change STORAGE_PREFIX too only to keep old users' saved data apart, since
 * browsers that already have `famjam_…` keys would otherwise start empty.
 */
export const PRODUCT_NAME = 'FamJam';

/** Local-storage keys all start with this (docs/product.md#spec-3-local-storage-entries); see storageKeys in src/domain/constants.ts. */
export const STORAGE_PREFIX = 'famjam_';

/** docs/product.md#spec-9: where listings look when the user has set no location. */
export const DEFAULT_LOCATION = 'San Francisco, CA';
