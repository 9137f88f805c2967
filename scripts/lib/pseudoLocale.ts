/*
 * The pseudo-locale (docs/i18n.md): every English text accented and about a third longer, with
 * its placeholders, plurals and selects kept, so a test over every screen finds words that
 * escaped the catalogues (they stay plain) and layouts that break with longer words.
 */

const accents: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** The padding's share of a text's letters: 35 %, within the 30–40 % the issue asks for. */
const PADDING_SHARE = 0.35;

function accented(text: string): string {
  return [...text].map((character) => accents[character] ?? character).join('');
}

/**
 * A compiled message: text, or parts that are text or a placeholder `[name, format?, options?]`,
 * whose options (a plural's 'one' and 'other', a select's cases) are messages again.
 */
type Message = string | Part[];
type Part = string | [string, string?, Record<string, Message>?];

/** The letters a reader sees: a plural counts its longest case, a value none. */
function letters(message: Message): number {
  if (typeof message === 'string') return message.length;
  return message.reduce((sum, part) => {
    if (typeof part === 'string') return sum + part.length;
    const options = Object.values(part[2] ?? {});
    return sum + Math.max(0, ...options.map(letters));
  }, 0);
}

function transform(message: Message): Message {
  if (typeof message === 'string') return accented(message);
  return message.map((part): Part => {
    if (typeof part === 'string') return accented(part);
    const [name, format, options] = part;
    if (!options) return part;
    return [
      name,
      format,
      Object.fromEntries(Object.entries(options).map(([key, value]) => [key, transform(value)])),
    ];
  });
}

export function pseudoMessages(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      const compiled = message as Message;
      const padding = '~'.repeat(Math.max(1, Math.round(letters(compiled) * PADDING_SHARE) - 2));
      const parts = typeof compiled === 'string' ? [compiled] : compiled;
      return [id, ['[', ...(transform(parts) as Part[]), ` ${padding}]`]];
    }),
  );
}
