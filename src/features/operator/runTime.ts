import { currentLocale, localeTag } from '../../i18n/i18n.ts';

/** One formatter per language, made on first use: the operator screen's chunk builds no Intl on load. */
const runTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When a source or a timed job ran or runs next, in the device's zone and the language in use:
 * 'Nov 27, 9:00 AM', '27 nov, 9:00'.
 */
export function runTimeText(iso: string): string {
  const tag = localeTag(currentLocale());
  let format = runTimeFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag === 'en' ? 'en-US' : tag, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    runTimeFormats.set(tag, format);
  }
  return format.format(new Date(iso));
}
