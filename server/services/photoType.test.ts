import { describe, expect, it } from 'vitest';
import { photoTypeOf } from './photoType.ts';

describe('photoTypeOf', () => {
  it('reads JPEG, PNG and WebP from their signatures', () => {
    expect(photoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(
      photoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
    ).toBe('image/png');
    expect(photoTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
  });

  it('refuses other files, and signatures cut short or out of place', () => {
    for (const bytes of [
      Buffer.from('hello, I am text pretending to be a PNG'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from('RIFFWEBP', 'latin1'),
      Uint8Array.from([0xff, 0xd8]),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
      Uint8Array.from([0x00, 0xff, 0xd8, 0xff]),
      new Uint8Array(0),
    ]) {
      expect(photoTypeOf(bytes)).toBeNull();
    }
  });

  it('reads a view into a larger buffer from its own start', () => {
    const backing = Buffer.concat([Buffer.from('junk'), Buffer.from([0xff, 0xd8, 0xff, 0xdb])]);
    expect(photoTypeOf(backing.subarray(4))).toBe('image/jpeg');
    expect(photoTypeOf(backing.subarray(0, 4))).toBeNull();
  });
});
