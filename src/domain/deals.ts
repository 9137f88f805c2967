import type { Event } from '../../contract/events.ts';
import { i18n } from '../i18n/appCatalog.ts';

/**
 * 'Family Deals' on home, derived in the browser from the events already loaded (docs/product.md#spec-3-deal,
 * docs/product.md#spec-9-deals). Nothing here is a real discount from a ticket seller: the spec derives a
 * fixed 30% off from the listed price, and the source label names the ticketing service.
 */
export interface Deal {
  id: string;
  title: string;
  description: string;
  originalPrice: number;
  dealPrice: number;
  /** Whole percent off (always DEAL_DISCOUNT_PERCENT). */
  discount: number;
  venue: string;
  location: string;
  timeLeft: string;
  category: Event['category'];
  source: string;
  imageUrl: string;
  ticketUrl: string | null;
}

const MAX_DEALS = 6;
const DEFAULT_ORIGINAL_PRICE = 50;
const DEAL_PRICE_SHARE = 0.7;
/**
 * The spec's discount is the difference between the listed price and 70% of it: always 30%.
 * It is taken before the deal price is rounded, so a $25 event reads "$18, 30% off" and not
 * the 28% that the rounded dollars would give.
 */
const DEAL_DISCOUNT_PERCENT = Math.round((1 - DEAL_PRICE_SHARE) * 100);
export const DEAL_SOURCE = 'Ticketmaster';

/**
 * The first integer after the first dollar sign ('$15 - $40' → 15, 'From $ 25' → 25,
 * '$1,200' → 1200: thousands separators are read as part of the number, as a reader would),
 * or 50 when no digits follow it.
 */
export function originalPriceOf(price: string): number {
  const afterDollar = price.slice(price.indexOf('$') + 1);
  const digits = /\d[\d,]*/.exec(afterDollar)?.[0].replaceAll(',', '');
  return digits ? Number.parseInt(digits, 10) : DEFAULT_ORIGINAL_PRICE;
}

/** 'Today!' for today or a day already past, '1 day left', else 'N days left' (calendar days). */
export function timeLeftUntil(eventDate: Date, now: Date): string {
  const days = calendarDaysBetween(now, eventDate);
  if (days <= 0) return i18n.t('app.deals.today');
  return i18n.t('app.deals.daysLeft', { count: days });
}

const localMidnight = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days from `from`'s day to `to`'s in this browser (23- and 25-hour days too). */
function calendarDaysBetween(from: Date, to: Date): number {
  return Math.round((localMidnight(to) - localMidnight(from)) / 86_400_000);
}

/** At most six deals, in the events' order, from events whose price text has a '$'. */
export function dealsFrom(events: readonly Event[], now: Date = new Date()): Deal[] {
  return events
    .filter((event) => event.price.includes('$'))
    .slice(0, MAX_DEALS)
    .map((event) => {
      const originalPrice = originalPriceOf(event.price);
      const dealPrice = Math.round(originalPrice * DEAL_PRICE_SHARE);
      return {
        id: event.id,
        title: event.title,
        description: event.description,
        originalPrice,
        dealPrice,
        discount: DEAL_DISCOUNT_PERCENT,
        venue: event.venue,
        location: event.location,
        timeLeft: timeLeftUntil(new Date(event.date), now),
        category: event.category,
        source: DEAL_SOURCE,
        imageUrl: event.imageUrl,
        ticketUrl: event.ticketUrl,
      };
    });
}
