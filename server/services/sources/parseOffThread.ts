import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseOutcome } from '../../ingest/pipeline.ts';
import { type ParseSource, parseDocument } from './parseDocument.ts';

/**
 * Parses a source's document without holding up the server: a big feed (10,000 events, 2 MB)
 * takes a second or more of pure CPU to read, during which no request would be answered. So a
 * document over `offThreadFromBytes` is parsed in a worker thread; a small one, which takes a
 * few milliseconds, is parsed in place (a worker costs more than that to start).
 */

/** About 300 events of a schema.org page, a few milliseconds of parsing. */
export const offThreadFromBytes = 64 * 1024;

/** What the worker posts back (parseWorker.ts). */
export type ParseWorkerReply =
  | { kind: 'drafts'; drafts: ParseOutcome['drafts'] }
  | {
      kind: 'done';
      invalid: ParseOutcome['invalid'];
      skipped: ParseOutcome['skipped'];
      notes: ParseOutcome['notes'];
    }
  | { kind: 'failed'; message: string };

/** A parse that took longer than the run's time budget. */
export class ParseTimeoutError extends Error {
  override name = 'ParseTimeoutError';
}

/**
 * The worker runs FamJam's TypeScript as the server does (through tsx): a worker does not
 * inherit the main thread's module hooks on Node 20, so it registers tsx's require hook itself.
 */
function startWorker(): Worker {
  const entry = fileURLToPath(new URL('./parseWorker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const bootstrap = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { eval: true });
}

export async function parseOffThread(
  source: ParseSource,
  text: string,
  now: Date,
  timeoutMs: number,
): Promise<ParseOutcome> {
  if (Buffer.byteLength(text) < offThreadFromBytes) return parseDocument(source, text, now);
  const worker = startWorker();
  const drafts: ParseOutcome['drafts'] = [];
  try {
    return await new Promise<ParseOutcome>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ParseTimeoutError(
              `Reading the document took longer than ${Math.round(timeoutMs / 1000)} s.`,
            ),
          ),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        settle();
      };
      worker.on('message', (message: ParseWorkerReply) => {
        if (message.kind === 'drafts') drafts.push(...message.drafts);
        else if (message.kind === 'failed') finish(() => reject(new Error(message.message)));
        else {
          const { invalid, skipped, notes } = message;
          finish(() => resolve({ drafts, invalid, skipped, notes }));
        }
      });
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) =>
        finish(() => reject(new Error(`The parse worker stopped (exit code ${code}).`))),
      );
      // Only plain data crosses: the source's kind, address and defaults, the text, the time.
      const plainSource: ParseSource = {
        kind: source.kind,
        url: source.url,
        defaultLocation: source.defaultLocation,
        defaultLatitude: source.defaultLatitude,
        defaultLongitude: source.defaultLongitude,
        defaultTimeZone: source.defaultTimeZone,
      };
      worker.postMessage({ source: plainSource, text, now: now.getTime() });
    });
  } finally {
    await worker.terminate();
  }
}
