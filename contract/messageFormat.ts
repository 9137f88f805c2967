/*
 * Reads a message as Lingui's compiler writes it (`lingui compile`): text, or parts that are text
 * or a placeholder `[name, type?, options?]`: `['count', 'plural', { one: ['#', ' evento'],
 * other: ['#', ' eventos'] }]`, a select's cases, a `{n, number}`. Lingui's CLI extracts and
 * compiles the catalogues; this reads them in place of @lingui/core's runtime, which cost 2.4 KB
 * gz on every first load against issue 35's budget of 1 KB (docs/decisions.md, 'Languages').
 * messageFormat.test.ts holds it to @lingui/core's output over every message of every catalogue.
 *
 * Intl objects are made on first use and kept, per language, and whole numbers under 1,000 and
 * the cardinal plurals of English and Spanish need none: a first screen builds no Intl object
 * (docs/decisions.md on why).
 */

/** A compiled message. */
export type CompiledMessage = string | readonly MessagePart[];
type MessagePart = string | readonly [name: string, type?: string, options?: PartOptions];
type PartOptions = { readonly [choice: string]: CompiledMessage | number };

export type MessageValues = Readonly<Record<string, unknown>>;

const pluralRules = new Map<string, Intl.PluralRules>();
const ordinalRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let made = cache.get(locale);
  if (made === undefined) {
    made = make();
    cache.set(locale, made);
  }
  return made;
}

/**
 * A whole number below 1,000 reads the same in every language FamJam speaks ('3', '999'): written
 * without Intl, so a count on a first screen builds none (e2e/first-screens.spec.ts).
 */
const formatNumber = (locale: string, value: number) =>
  Number.isInteger(value) && Math.abs(value) < 1000
    ? String(value)
    : cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);

/**
 * CLDR's cardinal rules of FamJam's languages for whole numbers, without Intl for the same reason:
 * English has one and other; Spanish adds many for exact millions ('1 millón de eventos').
 * messageFormat.test.ts checks them against Intl.PluralRules.
 */
const wholeNumberCardinals: Record<string, (value: number) => Intl.LDMLPluralRule> = {
  en: (value) => (value === 1 ? 'one' : 'other'),
  es: (value) => (value === 1 ? 'one' : value !== 0 && value % 1_000_000 === 0 ? 'many' : 'other'),
};

/** A plural's or ordinal's case: an exact `=N` first, then the language's category. */
function pluralCase(
  locale: string,
  ordinal: boolean,
  value: number,
  options: PartOptions,
): CompiledMessage {
  const exact = options[String(value)];
  if (exact !== undefined && typeof exact !== 'number') return exact;
  const offset = typeof options.offset === 'number' ? options.offset : 0;
  const counted = value - offset;
  const wholeNumberRule = wholeNumberCardinals[locale];
  const category =
    !ordinal && wholeNumberRule && Number.isInteger(counted)
      ? wholeNumberRule(counted)
      : cached(ordinal ? ordinalRules : pluralRules, locale, () =>
          ordinal
            ? new Intl.PluralRules(locale, { type: 'ordinal' })
            : new Intl.PluralRules(locale),
        ).select(counted);
  const chosen = options[category] ?? options.other;
  return typeof chosen === 'number' || chosen === undefined ? '' : chosen;
}

function render(
  message: CompiledMessage,
  values: MessageValues,
  locale: string,
  count?: string,
): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const part of message) {
    if (typeof part === 'string') {
      // In a plural's case, '#' is the number (less the offset), written the language's way.
      text += part === '#' && count !== undefined ? count : part;
      continue;
    }
    const [name, type, options = {}] = part;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const number = Number(value);
      const offset = typeof options.offset === 'number' ? options.offset : 0;
      const chosen = pluralCase(locale, type === 'selectordinal', number, options);
      text += render(chosen, values, locale, formatNumber(locale, number - offset));
    } else if (type === 'select') {
      const chosen = options[String(value)] ?? options.other;
      if (chosen !== undefined && typeof chosen !== 'number')
        text += render(chosen, values, locale);
    } else if (type === 'number' && typeof value === 'number') {
      text += formatNumber(locale, value);
    } else if (value !== undefined && value !== null) {
      text += String(value);
    }
  }
  return text;
}

/** The message's text in `locale` with `values` put in. */
export function formatMessage(
  message: CompiledMessage,
  values: MessageValues,
  locale: string,
): string {
  return render(message, values, locale);
}
