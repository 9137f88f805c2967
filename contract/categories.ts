/**
 * docs/product.md#spec-3's nine categories, in the order docs/product.md gives: the one list the client's chips, the server's counts,
 * the database's CHECK constraint, the importers and the seed all read. A category is either
 * stored on an event, or derived when asked for: 'deals' is every event whose price qualifies
 * for a deal (docs/product.md#spec-9: the price text contains '$'), 'random' a shuffled sample of everything.
 * The labels are also spelled in SQL (famjam_category_label, migration 0001) so full-text search
 * finds events by label; server/services/search.test.ts keeps the two equal.
 */
export const categories = [
  { id: 'music', label: 'Music & Shows', stored: true },
  { id: 'comedy', label: 'Comedy', stored: true },
  { id: 'sportsgames', label: 'Sports Games', stored: true },
  { id: 'dining', label: 'Food & Dining', stored: true },
  { id: 'arts', label: 'Arts & Culture', stored: true },
  { id: 'sports', label: 'Active / Sports', stored: true },
  { id: 'deals', label: 'Deals & Discounts', stored: false },
  { id: 'popup', label: 'Pop-Up Events', stored: true },
  { id: 'random', label: 'Random', stored: false },
] as const;

type Category = (typeof categories)[number];
type StoredCategory = Extract<Category, { stored: true }>;

export type CategoryId = Category['id'];
/** What an event's category column may hold. */
export type StoredCategoryId = StoredCategory['id'];
/** Computed per request, never written to an event. */
export type DerivedCategoryId = Exclude<CategoryId, StoredCategoryId>;

// The id lists keep their tuple types (['music', 'comedy', …]): the Fastify type provider reads
// a schema's `enum` as a union only from a tuple, and `.map`/`.filter` would widen them to arrays.
type IdsOf<List extends readonly unknown[]> = List extends readonly [infer First, ...infer Rest]
  ? First extends { id: infer Id }
    ? [Id, ...IdsOf<Rest>]
    : never
  : [];
type StoredIdsOf<List extends readonly unknown[]> = List extends readonly [
  infer First,
  ...infer Rest,
]
  ? First extends { id: infer Id; stored: true }
    ? [Id, ...StoredIdsOf<Rest>]
    : StoredIdsOf<Rest>
  : [];

/** The nine ids in the order docs/product.md gives. */
export const categoryIds: Readonly<IdsOf<typeof categories>> = categories.map(
  (category) => category.id,
) as IdsOf<typeof categories>;

/** The seven ids an event can be stored under, in the order docs/product.md gives. */
export const storedCategoryIds: Readonly<StoredIdsOf<typeof categories>> = categories
  .filter((category): category is StoredCategory => category.stored)
  .map((category) => category.id) as StoredIdsOf<typeof categories>;

export function isStoredCategoryId(value: unknown): value is StoredCategoryId {
  return storedCategoryIds.some((id) => id === value);
}
