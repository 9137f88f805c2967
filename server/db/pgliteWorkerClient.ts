/**
 * Embedded PGlite on a worker thread of its own (pgliteWorker.ts), behind an object with the
 * surface drizzle-orm/pglite's session uses: `query(sql, params, { rowMode, parsers })` and
 * `transaction(callback)`, whose callback gets an object with `query`. drizzle, the migrator
 * and PreparedStatements run unchanged on the server's thread; only the database work moves.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  deserializeError,
  type PgliteReady,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteWorkerData,
} from './pgliteWorkerProtocol.ts';

/** What drizzle's session calls: a query, and a transaction whose callback gets a query. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export interface WorkerPglite extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /** Closes the database, then ends the worker. */
  close(): Promise<void>;
}

/** A request without its id (`call` numbers them), kept a union of the requests. */
type RequestBody = PgliteRequest extends infer Request
  ? Request extends PgliteRequest
    ? Omit<Request, 'id'>
    : never
  : never;

/**
 * The worker is TypeScript, which Node 20 runs through tsx. A worker runs no `--import` flag
 * (not even this process's `--import tsx`) and tsx's loader refuses module.register, so a fixed
 * boot script imports the worker through tsx's API (tsImport): the same whether this process
 * runs under tsx (`npm start`, the scripts) or not (Vitest's workers).
 */
const workerBoot = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry));
`;
const workerEntry = new URL('./pgliteWorker.ts', import.meta.url).href;

/** tsx/esm/api's ES module (require.resolve would give its CommonJS build, broken here). */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return new URL(manifest.exports['./esm/api'].import.default, pathToFileURL(manifestPath)).href;
}

/** Starts the worker and opens PGlite in it; rejects with PGlite's error if it cannot open. */
export async function startPgliteWorker(data: PgliteWorkerData): Promise<WorkerPglite> {
  const worker = new Worker(workerBoot, {
    eval: true,
    // This process's flags (`--import tsx` among them) are not the worker's business.
    execArgv: [],
    workerData: { ...data, tsxApi: tsxApiUrl(), entry: workerEntry },
  });

  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: PgliteReady) => {
      if (message.ready) resolve();
      else reject(deserializeError(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the PGlite worker exited (code ${code})`)));
  });

  const failEverything = (error: Error) => {
    stopped ??= error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    worker.unref();
  };
  worker.on('error', (error) => failEverything(error));
  worker.on('exit', (code) => failEverything(new Error(`the PGlite worker exited (code ${code})`)));

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  // From now on the worker keeps the process alive only while a request waits for it, as
  // in-thread PGlite (no handle of its own) never kept it alive: a command that forgot close()
  // still exits.
  worker.unref();

  worker.on('message', (message: PgliteResponse | PgliteReady) => {
    if (!('id' in message)) return;
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) request.resolve(message.value);
    else request.reject(deserializeError(message.error));
  });

  const call = (body: RequestBody): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id } as PgliteRequest);
    });
  };

  const query = async <T>(
    transaction: number | null,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Results<T>> =>
    call({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      textTypes: textTypes(options),
      paramTypes: options.paramTypes,
      transaction,
    }) as Promise<Results<T>>;

  return {
    query: (sql, params, options) => query(null, sql, params, options),
    async transaction(callback) {
      const transaction = (await call({ op: 'begin' })) as number;
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({
          query: (sql, params, options) => query(transaction, sql, params, options),
        });
      } catch (error) {
        // As PGlite does: roll back, then the callback's error is the one that counts.
        await call({ op: 'end', transaction, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', transaction, commit: true });
      return result;
    },
    async close() {
      if (!stopped) await call({ op: 'close' });
      stopped ??= new Error('the database is closed');
      await worker.terminate();
    },
  };
}

/**
 * The OIDs of `options.parsers`, which must all hand the text back unchanged: the only parsers
 * drizzle passes (it parses dates, timestamps and intervals itself), and the only kind the
 * worker can apply, since functions cannot cross threads.
 */
function textTypes(options: QueryOptions): number[] {
  const unsupported = (['serializers', 'blob', 'onNotice'] as const).filter(
    (option) => options[option] !== undefined,
  );
  if (unsupported.length > 0) {
    throw new Error(`the PGlite worker does not take ${unsupported.join(', ')}`);
  }
  const oids: number[] = [];
  for (const [oid, parser] of Object.entries(options.parsers ?? {})) {
    if (parser('2000-01-01', Number(oid)) !== '2000-01-01') {
      throw new Error(`the PGlite worker only takes parsers that return the text (type ${oid})`);
    }
    oids.push(Number(oid));
  }
  return oids;
}
