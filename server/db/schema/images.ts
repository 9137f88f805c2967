import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columnTypes.ts';

export const imageFormats = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

const formatList = sql.raw(imageFormats.map((format) => `'${format}'`).join(', '));

/**
 * A picture FamJam fetched (from a source) or was given (with a suggestion), decoded and
 * re-encoded by the server: nothing of the original file is served, so no metadata and no
 * hostile bytes reach a family. `id` is the sha256 of the re-encoded largest variant, so the same
 * picture from two feeds is stored once and its URLs can be cached forever.
 */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  /** Where it came from: the feed's URL for it, or 'suggestion:<id>'. Not shown. */
  origin: text('origin').notNull(),
  /** The decoded picture's size, before resizing. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Short text for screen readers and link previews (the event's title when the feed has none). */
  alt: text('alt').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sizes served (`/pictures/{id}/{width}.{format}`), each width in a modern format and JPEG. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: text('format').$type<ImageFormat>().notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.width, table.format] }),
    check('image_variants_format_check', sql`${table.format} IN (${formatList})`),
  ],
);
