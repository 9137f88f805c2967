import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it, vi } from 'vitest';
import { type CompiledMessage, formatMessage } from './messageFormat.ts';

/** Lingui's own runtime on the same compiled message: what formatMessage must give too. */
function linguiSays(locale: string, message: CompiledMessage, values: Record<string, unknown>) {
  const reference = setupI18n({ locale, messages: { [locale]: { id: message as never } } });
  return reference._('id', values);
}

const cases: [string, Record<string, unknown>][] = [
  ['Plain text', {}],
  ['Hola {name}, ¿qué tal?', { name: 'Ana' }],
  ['{count, plural, one {# evento} other {# eventos}}', { count: 1 }],
  ['{count, plural, one {# evento} other {# eventos}}', { count: 3 }],
  ['{count, plural, one {# event} other {# events}}', { count: 1200 }],
  ['{count, plural, =0 {Nothing saved} one {# saved} other {# saved}}', { count: 0 }],
  ['{n, plural, offset:1 =0 {nadie} =1 {tú} one {tú y # más} other {tú y # más}}', { n: 1 }],
  ['{n, plural, offset:1 =0 {nadie} =1 {tú} one {tú y # más} other {tú y # más}}', { n: 4 }],
  [
    '{kind, select, cancelled {Cancelado} moved {Cambió de lugar} other {Cambió}}',
    { kind: 'moved' },
  ],
  ['{kind, select, cancelled {Cancelado} other {Cambió}}', { kind: 'unknown' }],
  ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
  ['{votes, number} votes', { votes: 12345 }],
  ["It's '{'literal'}' and #", {}],
  ['{a} and {b} ({count, plural, one {# left} other {# left}})', { a: 'X', b: 'Y', count: 2 }],
  ['Missing {value} stays empty', {}],
];

describe("formatMessage reads Lingui's compiled messages as Lingui's runtime does", () => {
  it.each(cases)('%s with %o', (source, values) => {
    const compiled = compileMessage(source) as CompiledMessage;
    for (const locale of ['en', 'es']) {
      expect(formatMessage(compiled, values, locale)).toBe(linguiSays(locale, compiled, values));
    }
  });

  it('says Spanish plurals the Spanish way, with the number written as the language writes it', () => {
    const compiled = compileMessage(
      '{count, plural, one {# evento} other {# eventos}}',
    ) as CompiledMessage;
    expect(formatMessage(compiled, { count: 1 }, 'es')).toBe('1 evento');
    expect(formatMessage(compiled, { count: 3 }, 'es')).toBe('3 eventos');
    expect(formatMessage(compiled, { count: 12000 }, 'es')).toBe('12.000 eventos');
    expect(formatMessage(compiled, { count: 12000 }, 'en')).toBe('12,000 eventos');
  });

  it('gives what Lingui gives for every message of every catalogue', async () => {
    const modules = import.meta.glob<{ messages: Record<string, CompiledMessage> }>(
      '../locales/*/*.ts',
      { eager: true },
    );
    // Any value a message asks for is 2 (a plural's 'other', a select's 'other', a number).
    const anyValue = new Proxy({}, { get: () => 2 });
    let checked = 0;
    for (const [path, { messages }] of Object.entries(modules)) {
      const locale = path.includes('/es/') ? 'es' : 'en';
      for (const [id, message] of Object.entries(messages)) {
        expect(formatMessage(message, anyValue, locale), `${path} ${id}`).toBe(
          linguiSays(locale, message, anyValue),
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('writes whole-number plurals and small numbers as Intl does, without building one', async () => {
    for (const locale of ['en', 'es']) {
      const rules = new Intl.PluralRules(locale);
      const compiled = compileMessage(
        '{n, plural, one {one:#} many {many:#} other {other:#}}',
      ) as CompiledMessage;
      for (const n of [
        0, 1, 2, 5, 21, 101, 999, 1000, 1001, 12_345, 1_000_000, 2_000_000, 3_500_000,
      ]) {
        expect(formatMessage(compiled, { n }, locale), `${locale} ${n}`).toBe(
          `${rules.select(n)}:${new Intl.NumberFormat(locale).format(n)}`,
        );
      }
    }
    // A fresh module: no Intl object kept from the cases above.
    vi.resetModules();
    const fresh = await import('./messageFormat.ts');
    const built = vi.spyOn(Intl, 'PluralRules');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const count = compileMessage(
      '{count, plural, one {# evento} other {# eventos}}',
    ) as CompiledMessage;
    expect(fresh.formatMessage(count, { count: 7 }, 'es')).toBe('7 eventos');
    expect(fresh.formatMessage(count, { count: 1 }, 'en')).toBe('1 evento');
    expect(built).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });
});
