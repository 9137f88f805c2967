import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './shareLink.ts';

const request = {
  title: 'Family Jazz Picnic',
  text: 'Join us at Family Jazz Picnic!',
  url: 'https://famjam.example/event/seed%3Asf-0001',
  copiedMessage: 'Event link copied to clipboard!',
};

function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, value });
}

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  writeText = vi.fn(async () => {});
  setNavigator('clipboard', { writeText });
  setNavigator('share', undefined);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('shareLink', () => {
  it('uses the share sheet when the device has one, and copies nothing', async () => {
    const share = vi.fn(async () => {});
    setNavigator('share', share);
    const tell = vi.fn();
    await expect(shareLink(request, tell)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({
      title: request.title,
      text: request.text,
      url: request.url,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });

  it('copies the link and says so when there is no share sheet', async () => {
    const tell = vi.fn();
    await expect(shareLink(request, tell)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(request.url);
    expect(tell).toHaveBeenCalledWith({ title: 'Event link copied to clipboard!' });
  });

  it('only logs a dismissed share sheet, as a warning: no copy, no toast', async () => {
    setNavigator(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('no', 'AbortError'))),
    );
    const tell = vi.fn();
    await expect(shareLink(request, tell)).resolves.toBe('dismissed');
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(tell).not.toHaveBeenCalled();
  });

  it('copies instead when the browser refuses the share', async () => {
    setNavigator(
      'share',
      vi.fn(async () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'))),
    );
    const tell = vi.fn();
    await expect(shareLink(request, tell)).resolves.toBe('copied');
    expect(warn).toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith(request.url);
    expect(tell).toHaveBeenCalledWith({ title: 'Event link copied to clipboard!' });
  });

  it('only logs a failed copy: no toast claims it worked', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const tell = vi.fn();
    await expect(shareLink(request, tell)).resolves.toBe('failed');
    expect(error).toHaveBeenCalledWith('Error copying the link:', expect.any(DOMException));
    expect(tell).not.toHaveBeenCalled();
  });
});
