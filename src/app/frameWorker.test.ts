import { describe, expect, it, vi } from 'vitest';
import { answerNavigation, type FrameWorkerScope, frameUrlFor } from './frameWorker.ts';

const origin = 'https://famjam.example';

describe('frameUrlFor', () => {
  it("gives each framed page its own kind's frame, in the first language FamJam speaks", () => {
    expect(frameUrlFor('/', ['en-US'], 'v1')).toBe('/page-frames/en/home?v=v1');
    expect(frameUrlFor('/search', ['fr-FR', 'es-MX', 'en'], 'v1')).toBe(
      '/page-frames/es/search?v=v1',
    );
    expect(frameUrlFor('/saved', [], 'v1')).toBe('/page-frames/en/saved?v=v1');
    expect(frameUrlFor('/profile', ['es'], 'v1')).toBe('/page-frames/es/profile?v=v1');
    expect(frameUrlFor('/auth', ['de'], 'v1')).toBe('/page-frames/en/auth?v=v1');
    expect(frameUrlFor('/privacy-policy', ['en'], 'v1')).toBe('/page-frames/en/privacyPolicy?v=v1');
    expect(frameUrlFor('/terms-of-service', ['en'], 'v1')).toBe(
      '/page-frames/en/termsOfService?v=v1',
    );
  });

  it("gives every event's page the one event frame, an id with encoded characters too", () => {
    for (const path of ['/event/abc', '/event/ical%3Aparty%40calendar.example', '/event/a%2Fb']) {
      expect(frameUrlFor(path, ['en'], 'v1'), path).toBe('/page-frames/en/event?v=v1');
    }
  });

  it('gives every other page the plain shell', () => {
    for (const path of ['/onboarding', '/poll/abc', '/profile/edit', '/event/a/b', '/search/']) {
      expect(frameUrlFor(path, ['es'], 'v1'), path).toBe('/page-frames/es/shell?v=v1');
    }
  });
});

function scopeWith(cached: Record<string, string>, languages: readonly string[]) {
  const network = vi.fn(async () => new Response('from the network'));
  const scope: FrameWorkerScope = {
    caches: {
      match: async (url) => (url in cached ? new Response(cached[url]) : undefined),
    },
    fetch: network,
    navigator: { languages },
  };
  return { scope, network };
}

describe('answerNavigation', () => {
  it('answers a page from its precached frame without the network, the query left aside', async () => {
    const { scope, network } = scopeWith(
      { [`${origin}/page-frames/es/search?v=v1`]: 'the search frame, in Spanish' },
      ['es-ES', 'en'],
    );
    const answer = await answerNavigation(
      scope,
      new Request(`${origin}/search?q=jazz&when=weekend`),
      'v1',
    );
    expect(await answer.text()).toBe('the search frame, in Spanish');
    expect(network).not.toHaveBeenCalled();
  });

  it("goes to the network when the precache has lost the frame (another build's, or evicted)", async () => {
    const { scope, network } = scopeWith(
      { [`${origin}/page-frames/en/search?v=old`]: 'an older build' },
      ['en'],
    );
    const request = new Request(`${origin}/search`);
    const answer = await answerNavigation(scope, request, 'v2');
    expect(await answer.text()).toBe('from the network');
    expect(network).toHaveBeenCalledWith(request);
  });
});
