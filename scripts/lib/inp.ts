/**
 * The pure part of `npm run audit:inp` (scripts/audit-inp.ts): turning Event Timing entries into
 * interaction latencies, and the per-interaction summary. Checked by scripts/lib/inp.test.ts.
 */
import { markdownTable, type Spread, spread } from './auditReport.ts';

/** The fields of a PerformanceEventTiming entry that INP needs. */
export interface EventTimingEntry {
  name: string;
  /** 0 for events that are not part of an interaction (mousemove, pointerover...). */
  interactionId: number;
  /** Input to next paint, in ms (rounded by the browser to 8 ms). */
  duration: number;
}

/**
 * One latency per interaction: a tap fires pointerdown, pointerup and click (and touch events),
 * all sharing an interactionId, and the interaction's latency is the longest of them (the Event
 * Timing spec's and web-vitals' definition). Entries with interactionId 0 are not interactions.
 */
export function interactionLatencies(entries: readonly EventTimingEntry[]): number[] {
  const byInteraction = new Map<number, number>();
  for (const entry of entries) {
    if (entry.interactionId === 0) continue;
    const longest = byInteraction.get(entry.interactionId) ?? 0;
    byInteraction.set(entry.interactionId, Math.max(longest, entry.duration));
  }
  return [...byInteraction.values()];
}

/** INP over a page visit: its worst interaction (few interactions, so no percentile). */
export function inp(entries: readonly EventTimingEntry[]): number | null {
  const latencies = interactionLatencies(entries);
  return latencies.length === 0 ? null : Math.max(...latencies);
}

/** Issue 16: every measured interaction answers within 200 ms at 4x CPU slowdown. */
export const inpThresholdMs = 200;

export interface InteractionResult {
  name: string;
  /** One latency per tap, in ms. */
  latencies: number[];
}

interface InteractionSummary extends Spread {
  name: string;
  taps: number;
  passes: boolean;
}

/** The worst tap is the interaction's INP: it passes when that is within the threshold. */
export function summarizeInteraction(result: InteractionResult): InteractionSummary {
  const figures = spread(result.latencies);
  return {
    name: result.name,
    taps: result.latencies.length,
    ...figures,
    passes: figures.max <= inpThresholdMs,
  };
}

/** Markdown table, like `npm run audit`'s: INP (the max), the median, and the verdict. */
export function formatInpTable(summaries: readonly InteractionSummary[]): string {
  const header = ['interaction', 'taps', 'INP (max)', 'median', 'min', `≤ ${inpThresholdMs} ms`];
  const rows = summaries.map((summary) => [
    summary.name,
    String(summary.taps),
    `${Math.round(summary.max)} ms`,
    `${Math.round(summary.median)} ms`,
    `${Math.round(summary.min)} ms`,
    summary.passes ? 'yes' : 'NO',
  ]);
  return markdownTable(header, rows);
}
