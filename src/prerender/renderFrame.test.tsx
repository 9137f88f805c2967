import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { testClientConfig } from '../test/fixtures.ts';
import { renderFrame } from './renderFrame.tsx';

/*
 * A page's frame in the visitor's language (server/plugins/pageFrames.ts asks in the language of
 * Accept-Language): a Spanish-speaking visitor opening a shared link sees a Spanish frame.
 */

afterEach(async () => {
  await changeLocale('en', { remember: false });
});

describe('renderFrame', () => {
  // Outside the server bundle (import.meta.env.SSR false) the routing gate still waits for the
  // session, so the frame is its 'Loading...' screen and the frame's own pill: both in the
  // language asked for, even with a frame in another language drawn at the same time.
  it('draws a frame in Spanish when asked, and in English as before', async () => {
    const [spanish, english] = await Promise.all([
      renderFrame('/auth', testClientConfig, false, {}, 'es'),
      renderFrame('/auth', testClientConfig, false, {}),
    ]);
    expect(spanish).toContain('Cargando...');
    expect(spanish).not.toContain('Loading...');
    expect(spanish).not.toMatch(/\b(app|auth|shell)\.[a-z]+\.[a-zA-Z]/);
    expect(english).toContain('Loading...');
    expect(english).not.toContain('Cargando...');
  });
});
