import { describe, expect, it } from 'vitest';
import { fitWithin, PhotoError, resizePhoto } from './resizePhoto.ts';

describe('fitWithin', () => {
  it('scales the longer side down to 512 px and keeps the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 288, height: 512 });
    expect(fitWithin(2000, 2000)).toEqual({ width: 512, height: 512 });
  });

  it('never scales a small picture up', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(512, 10)).toEqual({ width: 512, height: 10 });
  });

  it('keeps a very thin picture at least 1 px wide', () => {
    expect(fitWithin(10_000, 3)).toEqual({ width: 512, height: 1 });
  });

  it('takes another limit', () => {
    expect(fitWithin(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('resizePhoto', () => {
  it('refuses a file that is not a JPEG, PNG or WebP before reading it', async () => {
    const gif = new Blob(['GIF89a'], { type: 'image/gif' });
    await expect(resizePhoto(gif)).rejects.toEqual(
      new PhotoError('Choose a JPEG, PNG or WebP image for your profile photo.'),
    );
    const text = new Blob(['hello'], { type: 'text/plain' });
    await expect(resizePhoto(text)).rejects.toBeInstanceOf(PhotoError);
  });
});
