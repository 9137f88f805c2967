import type { Database } from '../db/client.ts';
import { firstLine, innermostCause } from '../errorInfo.ts';
import { type EventDraft, type EventRow, type InvalidRecord, toEventRow } from './event-record.ts';
import { dedupeBySourceId, upsertEvents } from './upsert.ts';

/** A draft with the words that name it in the source, for the report. */
export interface LabeledDraft {
  label: string;
  draft: EventDraft;
}

/** What a parser makes of one source document, before any database work. */
export interface ParseOutcome {
  drafts: LabeledDraft[];
  invalid: InvalidRecord[];
  /**
   * Records left out on purpose: already over, or cancelled. They are not errors, and they
   * leave stored rows alone. (Occurrences of a recurring event outside the window are not
   * records, so they are not counted.)
   */
  skipped: number;
}

/** What one source record became. */
export type RecordOutcome =
  | { draft: LabeledDraft }
  | { invalid: InvalidRecord }
  /** Left out on purpose (cancelled, already over): not an error. */
  | { skipped: true };

export function addRecord(outcome: ParseOutcome, record: RecordOutcome): void {
  if ('draft' in record) outcome.drafts.push(record.draft);
  else if ('invalid' in record) outcome.invalid.push(record.invalid);
  else outcome.skipped += 1;
}

export interface IngestReport {
  added: number;
  updated: number;
  skipped: number;
  invalid: InvalidRecord[];
}

export function emptyOutcome(): ParseOutcome {
  return { drafts: [], invalid: [], skipped: 0 };
}

/** Every draft checked up front, so the write only ever sees complete rows. */
export function validateDrafts(
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
    skipped: outcome.skipped + duplicates,
    invalid,
  };
  const add = (counts: { added: number; updated: number; skipped: number }) => {
    report.added += counts.added;
    report.updated += counts.updated;
    report.skipped += counts.skipped;
  };
  if (rows.length === 0) return report;
  try {
    add(await db.transaction((tx) => upsertEvents(tx, rows)));
  } catch {
    for (const row of rows) {
      try {
        add(await db.transaction((tx) => upsertEvents(tx, [row])));
      } catch (error) {
        report.invalid.push({
          label: `"${row.title}" (${row.sourceId})`,
          reason: `the database refused it: ${firstLine(innermostCause(error))}`,
        });
      }
    }
  }
  return report;
}

export function formatReport(report: IngestReport): string {
  const lines = [
    `added ${report.added}, updated ${report.updated}, skipped ${report.skipped}, invalid ${report.invalid.length}`,
    ...report.invalid.map((record) => `invalid: ${record.label}: ${record.reason}`),
  ];
  return lines.join('\n');
}
