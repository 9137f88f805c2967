/**
 * Price text as cards show it ('Free', '$25', '$15 - $40') and the cents search filters on.
 * docs/product.md#spec-3: a blank or absent price means Free.
 */

interface PriceCents {
  /** 0 for free events; null when the text names no amount ('Donation', 'TBA'). */
  minCents: number | null;
  maxCents: number | null;
}

const amountPattern = /\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g;

export function parsePriceText(text: string | null | undefined): PriceCents {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return { minCents: 0, maxCents: 0 };
  const amounts = [...trimmed.matchAll(amountPattern)].map((match) =>
    Math.round(Number(match[0].replaceAll(',', '')) * 100),
  );
  const saysFree = /\bfree\b/i.test(trimmed);
  if (amounts.length === 0) {
    return saysFree ? { minCents: 0, maxCents: 0 } : { minCents: null, maxCents: null };
  }
  return {
    minCents: saysFree ? 0 : Math.min(...amounts),
    maxCents: Math.max(...amounts),
  };
}

function formatAmount(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: still show the number rather than drop the price.
    return `${currency} ${amount}`;
  }
}

/**
 * '$25' for one amount, '$15 - $40' for a range, 'Free' when both are zero, null when the
 * source gave no amount (the card then shows Free, which is what a missing price means).
 */
export function formatPriceRange(
  min: number | null | undefined,
  max: number | null | undefined,
  currency = 'USD',
): string | null {
  const low = typeof min === 'number' && Number.isFinite(min) && min >= 0 ? min : null;
  const high = typeof max === 'number' && Number.isFinite(max) && max >= 0 ? max : null;
  if (low === null && high === null) return null;
  const from = low ?? high ?? 0;
  const to = high ?? from;
  if (from === 0 && to === 0) return 'Free';
  const code = currency.trim().toUpperCase() || 'USD';
  if (from === to || to < from) return formatAmount(from, code);
  if (from === 0) return `Free - ${formatAmount(to, code)}`;
  return `${formatAmount(from, code)} - ${formatAmount(to, code)}`;
}
