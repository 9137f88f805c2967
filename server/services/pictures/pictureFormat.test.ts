import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messagesIn } from '../../i18n.ts';
import { tinyImages } from '../../test/images.ts';
import { pictureFormatOf, takenFormatsInWords } from './pictureFormat.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** An ISO-BMFF ftyp box with the given major and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = Buffer.concat([ascii(major), Buffer.alloc(4), ...compatible.map(ascii)]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, ascii('ftyp'), body, Buffer.alloc(16)]);
}

describe('pictureFormatOf', () => {
  it('names the listed raster formats by their first bytes', async () => {
    expect(pictureFormatOf(tinyImages['image/jpeg'])).toBe('jpeg');
    expect(pictureFormatOf(tinyImages['image/png'])).toBe('png');
    expect(pictureFormatOf(tinyImages['image/webp'])).toBe('webp');
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(pictureFormatOf(gif)).toBe('gif');
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect(pictureFormatOf(tiff)).toBe('tiff');
    expect(pictureFormatOf(Buffer.from('MM\x00*rest', 'latin1'))).toBe('tiff');
    const avif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer();
    expect(pictureFormatOf(avif)).toBe('avif');
    expect(pictureFormatOf(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(pictureFormatOf(ftyp('mif1', 'avif'))).toBe('avif');
  });

  it('tells SVG apart, with or without a byte-order mark, XML declaration or comment', () => {
    expect(pictureFormatOf(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(
      pictureFormatOf(
        Buffer.from('\uFEFF  <?xml version="1.0"?>\n<!-- a drawing -->\n<svg>\n</svg>', 'utf8'),
      ),
    ).toBe('svg');
  });

  it('refuses everything else: HEIC, a RIFF that is not WebP, PDF, HTML, text, nothing', () => {
    for (const bytes of [
      ftyp('heic', 'mif1', 'heic'),
      ascii('RIFF\x24\x00\x00\x00WAVEfmt '),
      ascii('%PDF-1.7\n'),
      ascii('<!doctype html><title>Not a picture</title>'),
      ascii('GIF89'),
      ascii('hello'),
      Buffer.alloc(0),
    ]) {
      expect(pictureFormatOf(bytes), bytes.toString('latin1')).toBeNull();
    }
  });
});

describe('the formats taken, in words', () => {
  it("are the refusals' words in English, and said in Spanish too", () => {
    expect(messagesIn('en').t('server.error.picture.formats')).toBe(takenFormatsInWords);
    expect(messagesIn('es').t('server.error.picture.svg', { formats: 'JPEG o PNG' })).toBe(
      'No aceptamos dibujos SVG: envía la imagen en formato JPEG o PNG.',
    );
  });
});
