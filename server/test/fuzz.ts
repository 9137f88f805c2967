import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * What the route fuzz tests share: hostile values (wrong types, huge numbers, SQL and tsquery
 * syntax, unicode, lone surrogates, NUL bytes, Object.prototype's names) and the judgement of an
 * answer (a success, or a 4xx JSON error naming the parameter; never a 500).
 */

const hostileWords = [
  "'; DROP TABLE events; --",
  "' OR '1'='1",
  '") UNION SELECT * FROM users --',
  '!jazz & | <-> :* (',
  'jazz:* & !',
  '%',
  '_',
  '\\',
  '\u0000',
  'a\u0000b',
  '\uFFFF',
  // Lone UTF-16 surrogates: high, low, a pair in the wrong order, half an emoji.
  '\uD800',
  '\uDFFF',
  '\uDC00\uD800',
  'Jazz \uD83C',
  '😀🎷',
  'Ǆ̈́ͅ',
  'ﷺ',
  '\u202Eevil',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '9'.repeat(400),
  '-0',
  '0x10',
  '1,2',
  'ten',
  'x'.repeat(5000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '95, 200',
  '-91,0',
  '2026-13-45',
  '2026-02-30',
  'Mars/Olympus_Mons',
  'Etc/GMT+99',
];

/**
 * Names every plain object answers to. A table keyed by request text that is a plain object
 * finds these (location=constructor was a 500), so every string the fuzzer draws may be one,
 * and every property below tries each of them first (`examples`), not only when luck draws it.
 */
export const prototypeNames = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
] as const;
export const prototypeName = fc.constantFrom(...prototypeNames);
/** `examples` for a property of one string: each name once. */
export const eachPrototypeName = prototypeNames.map((name): [string] => [name]);

/**
 * Text with one lone surrogate somewhere in it. fast-check's strings are well-formed in every
 * unit, and JSON carries a lone half as "\\ud800": jsonb refused it (a 500) and text columns
 * stored U+FFFD in its place.
 */
const loneSurrogateText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, half, after]) => `${before}${String.fromCharCode(half)}${after}`);

/** Whether any string inside `value` (an object's keys aside) is not well-formed Unicode. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return /\p{Surrogate}/u.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsLoneSurrogate);
}

export const hostileValue = fc.oneof(
  prototypeName,
  fc.constantFrom(...hostileWords),
  loneSurrogateText,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);

/** Encodes like a browser, except lone surrogates, which URLs cannot carry: they go raw. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\uD800-\uDFFF]/g, (char) => encodeURIComponent(char));
  }
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

/** A success, or a 4xx JSON error naming the parameter (an unknown place names the place). */
export function expectHandled(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  parameter: string,
): void {
  const context = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(String(response.headers['content-type']), context).toContain('application/json');
  if (response.statusCode >= 200 && response.statusCode < 300) return;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  const body = JSON.parse(response.body) as ErrorBody;
  expect(typeof body.error, context).toBe('string');
  expect(typeof body.message, context).toBe('string');
  if (body.error === 'unknown_location') {
    expect(String(body.message)).toMatch(/^We couldn't find the place ".*"\. Try a city name/s);
    return;
  }
  if (response.statusCode === 404) return;
  // Case-insensitive: Fastify's own "Body is not valid JSON" names the body too.
  expect(String(body.message).toLowerCase(), context).toContain(parameter.toLowerCase());
}

/**
 * `expectHandled` for a JSON body, which is moreover refused whenever a string in it is not
 * well-formed Unicode: stored, it would have been a 500 (jsonb) or silently changed (text).
 */
export function expectBodyHandled(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  payload: unknown,
): void {
  expectHandled(response, 'body');
  if (holdsLoneSurrogate(payload)) {
    expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
  }
}
