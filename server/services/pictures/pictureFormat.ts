/*
 * What kind of file a picture is, read from its first bytes (its signature) before anything is
 * decoded (issue 31 B.4). libvips would open far more than FamJam lists (SVG, PDF, JPEG XL,
 * FITS, …) and draws SVG with librsvg: a 1.5 KB SVG of nested <use> took seconds of CPU per
 * copy. Only the raster formats docs/pictures.md lists get as far as sharp, and sharp must then
 * read the file as that same format.
 */

/** The formats the picture store takes, by the name sharp's metadata gives them. */
export const pictureFormatsTaken = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  // libheif reads AVIF; sharp reports it as heif.
  avif: 'heif',
  gif: 'gif',
  tiff: 'tiff',
} as const;

export type TakenPictureFormat = keyof typeof pictureFormatsTaken;

/** How the refusals name what is taken. */
export const takenFormatsInWords = 'JPEG, PNG, WebP, AVIF, GIF or TIFF';

const ascii = (text: string) => Buffer.from(text, 'latin1');

const signatures: readonly {
  format: Exclude<TakenPictureFormat, 'avif'>;
  at: number;
  bytes: Buffer;
}[] = [
  { format: 'jpeg', at: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { format: 'png', at: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF, a 4-byte size, then the form type WEBP.
  { format: 'webp', at: 8, bytes: ascii('WEBP') },
  { format: 'gif', at: 0, bytes: ascii('GIF87a') },
  { format: 'gif', at: 0, bytes: ascii('GIF89a') },
  { format: 'tiff', at: 0, bytes: Buffer.from([0x49, 0x49, 0x2a, 0x00]) },
  { format: 'tiff', at: 0, bytes: Buffer.from([0x4d, 0x4d, 0x00, 0x2a]) },
];

/**
 * An ISO-BMFF file (HEIF family) whose `ftyp` box names the AVIF brand, as major or compatible
 * brand. HEIC and other HEIF brands are not listed, so they are not taken.
 */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || !bytes.subarray(4, 8).equals(ascii('ftyp'))) return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [bytes.subarray(8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
    brands.push(bytes.subarray(offset, offset + 4));
  }
  return brands.some((brand) => brand.equals(ascii('avif')) || brand.equals(ascii('avis')));
}

/**
 * SVG (or any XML or HTML) starts with '<' after an optional byte-order mark and white space;
 * named apart only so the refusal can say that drawings are not taken.
 */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*</.test(head) && /<svg[\s>]/i.test(head);
}

/** The format the bytes announce, 'svg' for a drawing, or null for anything else. */
export function pictureFormatOf(bytes: Uint8Array): TakenPictureFormat | 'svg' | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { format, at, bytes: signature } of signatures) {
    if (view.subarray(at, at + signature.length).equals(signature)) {
      if (format === 'webp' && !view.subarray(0, 4).equals(ascii('RIFF'))) continue;
      return format;
    }
  }
  if (isAvif(view)) return 'avif';
  if (looksLikeSvg(view)) return 'svg';
  return null;
}
