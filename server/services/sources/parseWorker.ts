import { parentPort } from 'node:worker_threads';
import { type ParseSource, parseDocument } from './parseDocument.ts';
import type { ParseWorkerReply } from './parseOffThread.ts';

/**
 * The parse worker's body (started by parseOffThread.ts, one worker per document): parses the
 * document it is sent and posts the drafts back in slices, so that the server's thread takes
 * them in one short step each instead of one long one.
 */

const draftsPerMessage = 500;

function reply(message: ParseWorkerReply): void {
  parentPort?.postMessage(message);
}

parentPort?.once('message', (request: { source: ParseSource; text: string; now: number }) => {
  try {
    const outcome = parseDocument(request.source, request.text, new Date(request.now));
    for (let start = 0; start < outcome.drafts.length; start += draftsPerMessage) {
      reply({ kind: 'drafts', drafts: outcome.drafts.slice(start, start + draftsPerMessage) });
    }
    reply({
      kind: 'done',
      invalid: outcome.invalid,
      skipped: outcome.skipped,
      notes: outcome.notes,
    });
  } catch (error) {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
