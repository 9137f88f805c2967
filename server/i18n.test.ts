import { describe, expect, it } from 'vitest';
import { requestLocale } from './i18n.ts';

describe('the language a request asks for', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['fr, de', 'en'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['es;q=0, en', 'en'],
    ['*', 'en'],
  ])('%s is %s', (header, locale) => {
    expect(requestLocale(header)).toBe(locale);
  });
});
