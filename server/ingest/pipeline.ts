import type { Database } from '../db/client.ts';
import { firstLine, innermostCause } from '../errorInfo.ts';
import { matchWatchedSearchesAfterImport } from '../services/watchedSearches.ts';
import { upsertEventsAtomically } from '../stores/eventImport.ts';
import { type EventDraft, type EventRow, type InvalidRecord, toEventRow } from './eventRecord.ts';

/** A draft with the words that name it in the source, for the report. */
interface LabeledDraft {
  label: string;
  draft: EventDraft;
}

/**
 * Why a record was left out on purpose. The report sums these per reason, so the wording is
 * short and shared: 'already ended', 'cancelled', 'unchanged'…
 */
interface SkippedRecord {
  label: string;
  reason: string;
  /**
   * The id the event has in its source, for a cancelled one: a polled source marks the event
   * it imported earlier as cancelled by it (server/services/sources/).
   */
  sourceId?: string;
}

/** What a parser makes of one source document, before any database work. */
export interface ParseOutcome {
  drafts: LabeledDraft[];
  invalid: InvalidRecord[];
  /**
   * Records left out on purpose: already over, or cancelled. They are not errors, and they
   * leave stored rows alone. (Occurrences of a recurring event outside the window are not
   * records; a series with no occurrence in the window is one skipped record.)
   */
  skipped: SkippedRecord[];
  /** What the operator should know about the document as a whole (not about one record). */
  notes: string[];
}

/** What one source record became. */
export type RecordOutcome =
  | { draft: LabeledDraft }
  | { invalid: InvalidRecord }
  /** Left out on purpose (cancelled, already over): not an error. */
  | { skipped: SkippedRecord };

export function addRecord(outcome: ParseOutcome, record: RecordOutcome): void {
  if ('draft' in record) outcome.drafts.push(record.draft);
  else if ('invalid' in record) outcome.invalid.push(record.invalid);
  else outcome.skipped.push(record.skipped);
}

/** Appends everything `from` holds to `into`, keeping the order of records. */
export function mergeOutcome(into: ParseOutcome, from: ParseOutcome): void {
  into.drafts.push(...from.drafts);
  into.invalid.push(...from.invalid);
  into.skipped.push(...from.skipped);
  into.notes.push(...from.notes);
}

export const skipReasons = {
  ended: 'already ended',
  cancelled: 'cancelled',
  postponed: 'postponed',
  unchanged: 'unchanged',
  duplicate: 'listed twice',
} as const;

export interface IngestReport {
  added: number;
  updated: number;
  skipped: number;
  /** How many records were skipped for each reason, in the order the reasons first came up. */
  skippedBecause: Map<string, number>;
  invalid: InvalidRecord[];
  notes: string[];
}

export function emptyOutcome(): ParseOutcome {
  return { drafts: [], invalid: [], skipped: [], notes: [] };
}

/** Keeps the first row per source id; returns how many repeats were dropped. */
export function dedupeBySourceId<Row extends { sourceId: string }>(
  rows: readonly Row[],
): { unique: Row[]; duplicates: number } {
  const seen = new Set<string>();
  const unique: Row[] = [];
  for (const row of rows) {
    if (seen.has(row.sourceId)) continue;
    seen.add(row.sourceId);
    unique.push(row);
  }
  return { unique, duplicates: rows.length - unique.length };
}

/** Every draft checked up front, so the write only ever sees complete rows. */
function validateDrafts(
  source: string,
  outcome: ParseOutcome,
): { rows: EventRow[]; invalid: InvalidRecord[]; duplicates: number } {
  const invalid = [...outcome.invalid];
  const rows: EventRow[] = [];
  for (const { label, draft } of outcome.drafts) {
    const result = toEventRow(source, draft);
    if (result.ok) rows.push(result.row);
    else invalid.push({ label, reason: result.reason });
  }
  // A feed that lists the same event twice (same id) keeps its first listing.
  const { unique, duplicates } = dedupeBySourceId(rows);
  return { rows: unique, invalid, duplicates };
}

/**
 * Validates everything, then writes the batch in one transaction. Should the database still
 * refuse the batch (a constraint no check here anticipated), each row is retried alone so one
 * bad row is reported as invalid and the others are still written.
 */
export async function importOutcome(
  db: Database,
  source: string,
  outcome: ParseOutcome,
): Promise<IngestReport> {
  const { rows, invalid, duplicates } = validateDrafts(source, outcome);
  const report: IngestReport = {
    added: 0,
    updated: 0,
    skipped: 0,
    skippedBecause: new Map(),
    invalid,
    notes: [...outcome.notes],
  };
  const skip = (reason: string, count: number) => {
    if (count === 0) return;
    report.skipped += count;
    report.skippedBecause.set(reason, (report.skippedBecause.get(reason) ?? 0) + count);
  };
  for (const record of outcome.skipped) skip(record.reason, 1);
  skip(skipReasons.duplicate, duplicates);
  const add = (counts: { added: number; updated: number; skipped: number }) => {
    report.added += counts.added;
    report.updated += counts.updated;
    // The upsert leaves a row alone when nothing in it changed.
    skip(skipReasons.unchanged, counts.skipped);
  };
  if (rows.length === 0) return report;
  const addedIds: string[] = [];
  try {
    add(await upsertEventsAtomically(db, rows, addedIds));
  } catch {
    for (const row of rows) {
      try {
        add(await upsertEventsAtomically(db, [row], addedIds));
      } catch (error) {
        report.invalid.push({
          label: `"${row.title}" (${row.sourceId})`,
          reason: `the database refused it: ${firstLine(innermostCause(error))}`,
        });
      }
    }
  }
  // The families watching a search that the new events match are told (issue 34).
  // Its failure does not fail the import, whose events are written: a note says so.
  const matching = await matchWatchedSearchesAfterImport(db, addedIds, new Date());
  if (matching.status === 'failed') {
    report.notes.push(
      `the new events were not checked against the watched searches (error ${matching.code})`,
    );
  }
  return report;
}

/** 'skipped 3: 2 already ended, 1 unchanged', or null when nothing was skipped. */
function skippedLine(report: IngestReport): string | null {
  if (report.skipped === 0) return null;
  const reasons = [...report.skippedBecause].map(([reason, count]) => `${count} ${reason}`);
  return `skipped ${report.skipped}: ${reasons.join(', ')}`;
}

export function formatReport(report: IngestReport): string {
  const lines = [
    `added ${report.added}, updated ${report.updated}, skipped ${report.skipped}, invalid ${report.invalid.length}`,
    ...report.notes,
    ...[skippedLine(report)].filter((line) => line !== null),
    ...report.invalid.map((record) => `invalid: ${record.label}: ${record.reason}`),
  ];
  return lines.join('\n');
}
