/**
 * The worker thread that hosts embedded PGlite for the server (started by
 * pgliteWorkerClient.ts). PGlite is WebAssembly: run on the server's thread, every statement
 * holds the event loop for as long as it works, and a feed import's batches held `/api/config`
 * for hundreds of milliseconds (docs/benchmarks.md). Here the database works on a thread of its
 * own while the server's keeps answering.
 *
 * Requests run as they arrive; PGlite serialises them exactly as it does in-thread: a query
 * outside a transaction waits for any open transaction to end, and a transaction's own queries
 * are tagged with its id.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pgliteOpen.ts';
import {
  type PgliteReady,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
  serializeError,
} from './pgliteWorkerProtocol.ts';

interface OpenTransaction {
  tx: Transaction;
  /** Lets PGlite's transaction callback return (COMMIT) or throw (ROLLBACK). */
  finish(commit: boolean): void;
  /** PGlite's transaction call: settles once COMMIT or ROLLBACK has run. */
  ended: Promise<void>;
}

/** Thrown inside PGlite's transaction callback to have it roll back; never reaches the server. */
const rollbackRequested = Symbol('rollback requested');

/** drizzle's parsers for these types return PostgreSQL's text unchanged (see textTypes). */
const asText = (value: string) => value;

async function serve(port: NonNullable<typeof parentPort>, data: PgliteWorkerData) {
  let pglite: PGlite;
  try {
    pglite = await openPglite(data);
  } catch (error) {
    port.postMessage({ ready: false, error: serializeError(error) } satisfies PgliteReady);
    return;
  }
  const transactions = new Map<number, OpenTransaction>();

  const answer = (id: number, run: () => Promise<unknown>) => {
    run().then(
      (value) => port.postMessage({ id, ok: true, value } satisfies PgliteResponse),
      (error: unknown) =>
        port.postMessage({ id, ok: false, error: serializeError(error) } satisfies PgliteResponse),
    );
  };

  /** Opens a transaction; resolves with its id once BEGIN has run. */
  const begin = (id: number) =>
    new Promise<number>((begun, failed) => {
      let finish: (commit: boolean) => void = () => {};
      const decided = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      const ended = pglite
        .transaction(async (tx) => {
          transactions.set(id, { tx, finish, ended });
          begun(id);
          if (!(await decided)) throw rollbackRequested;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== rollbackRequested) throw error;
          },
        )
        .finally(() => transactions.delete(id));
      // BEGIN itself failed: the callback never ran.
      ended.catch(failed);
    });

  const end = async (transaction: number, commit: boolean) => {
    const open = transactions.get(transaction);
    if (!open) throw new Error(`no open transaction ${transaction}`);
    open.finish(commit);
    await open.ended;
  };

  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'query':
        answer(request.id, async () => {
          const target =
            request.transaction === null ? pglite : transactions.get(request.transaction)?.tx;
          if (!target) throw new Error(`no open transaction ${request.transaction}`);
          return target.query(request.sql, request.params, {
            ...(request.rowMode ? { rowMode: request.rowMode } : {}),
            ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}),
            parsers: Object.fromEntries(request.textTypes.map((oid) => [oid, asText])),
          });
        });
        break;
      case 'begin':
        answer(request.id, () => begin(request.id));
        break;
      case 'end':
        answer(request.id, () => end(request.transaction, request.commit));
        break;
      case 'close':
        answer(request.id, () => pglite.close());
        break;
    }
  });
  port.postMessage({ ready: true } satisfies PgliteReady);
}

if (parentPort) void serve(parentPort, workerData as PgliteWorkerData);
