import type { Messages } from '@lingui/core';
import { type AppLocale, preferredLocale, SOURCE_LOCALE } from '../contract/locales.ts';
import {
  type CompiledMessage,
  formatMessage,
  type MessageValues,
} from '../contract/messageFormat.ts';
import { messages as en } from '../locales/en/server.ts';
import { messages as es } from '../locales/es/server.ts';

/*
 * The server's words in the family's language (issue 35, docs/i18n.md): the weekly email, push
 * texts, the calendar feed's own words, page frames and the API's error sentences. The same
 * catalogues and reader as the app (catalogue 'server'), all loaded at start: they are small.
 *
 * Written `const i18n = messagesIn(locale); i18n.t('server.part.what', values)`: the object's
 * name and the call's shape are what Lingui's extractor looks for.
 */

const catalogues: Record<AppLocale, Messages> = { en, es };

export interface ServerMessages {
  locale: AppLocale;
  t(id: string, values?: MessageValues): string;
}

export function messagesIn(locale: AppLocale | null | undefined): ServerMessages {
  const chosen = locale ?? SOURCE_LOCALE;
  const translate = (id: string, values: MessageValues = {}) => {
    const message = (catalogues[chosen][id] ?? catalogues.en[id]) as CompiledMessage | undefined;
    return message === undefined ? id : formatMessage(message, values, chosen);
  };
  return { locale: chosen, t: translate };
}

/**
 * The language a request asks for (`Accept-Language: es-MX,es;q=0.9,en;q=0.8`): the first
 * FamJam speaks, in the header's order of preference; English without one.
 */
export function requestLocale(acceptLanguage: string | undefined): AppLocale {
  if (!acceptLanguage) return SOURCE_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const quality = parameters
        .map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return preferredLocale(ranked.map((entry) => entry.tag));
}
