import sharp from 'sharp';

/*
 * Reading drawn map pictures back in tests: the colour at a pixel, and how much of a picture is
 * near a colour. Tiles are palette PNGs, so a drawn colour may come back a unit or two off.
 */

export interface Pixels {
  width: number;
  height: number;
  format: string;
  /** The [r, g, b] at x, y. */
  at(x: number, y: number): [number, number, number];
  /** The share (0 to 1) of the picture within `tolerance` of `hex` in every channel. */
  shareNear(hex: string, tolerance?: number): number;
}

export function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function isNear(rgb: readonly number[], hex: string, tolerance = 4): boolean {
  return rgbOf(hex).every(
    (channel, index) => Math.abs(channel - (rgb[index] ?? -999)) <= tolerance,
  );
}

export async function readPixels(image: Buffer): Promise<Pixels> {
  const { format } = await sharp(image).metadata();
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] => {
    const offset = (y * info.width + x) * 3;
    return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
  };
  return {
    width: info.width,
    height: info.height,
    format: format ?? 'unknown',
    at,
    shareNear(hex, tolerance = 4) {
      let near = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) if (isNear(at(x, y), hex, tolerance)) near++;
      }
      return near / (info.width * info.height);
    },
  };
}
