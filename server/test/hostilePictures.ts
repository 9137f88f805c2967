import sharp from 'sharp';

/*
 * Files made to cost the picture decoder as much as possible (issue 31 B.4), for the tests of
 * the picture store, its upload route and the picture worker.
 */

/**
 * About 1.7 KB of SVG that draws 100,000 rectangles through five levels of ten nested <use>:
 * librsvg took 6 s of CPU for a smaller one, and 90 s to over two minutes for this on the
 * loaded test machine.
 */
export function nestedUseSvg(levels = 5, fan = 10): Buffer {
  let defs = '<g id="l0"><rect width="40" height="40" fill="#c33" opacity="0.5"/></g>';
  for (let level = 1; level <= levels; level += 1) {
    const uses = Array.from(
      { length: fan },
      (_, index) => `<use href="#l${level - 1}" x="${index}" y="${index}"/>`,
    ).join('');
    defs += `<g id="l${level}">${uses}</g>`;
  }
  return Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs>${defs}</defs><use href="#l${levels}"/></svg>`,
  );
}

/** Minimal CRC-32 (PNG chunks carry one), to write a PNG header that claims a huge size. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real 1 x 1 PNG whose header says `width` x `height` pixels: a decompression bomb's opening. */
export async function hugeClaimPng(width: number, height = width): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: '#000' },
  })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16 (8 signature, 4 length, 4 type); its CRC follows 13 bytes on.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
