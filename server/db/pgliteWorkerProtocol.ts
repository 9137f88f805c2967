/**
 * The messages between the server's thread and the worker thread that hosts embedded PGlite
 * (pgliteWorker.ts, pgliteWorkerClient.ts). Everything here crosses threads by structured
 * clone: no functions, no class instances beyond what the clone keeps (Uint8Array, Date, Blob).
 */

/** What the worker needs to open the database (its workerData). */
export interface PgliteWorkerData {
  /** On-disk data directory, or null for an in-memory database. */
  dataDir: string | null;
  /** A PGlite data-directory dump to start from (PGlite's loadDataDir). */
  loadDataDir: Blob | null;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /**
       * Type OIDs whose values come back as PostgreSQL's text, unparsed. drizzle passes
       * parsers that return the text as is for dates, timestamps, intervals and their arrays
       * (it parses them itself); functions cannot cross threads, so their OIDs do.
       */
      textTypes: number[];
      paramTypes: number[] | undefined;
      /** The open transaction this query belongs to, or null outside any. */
      transaction: number | null;
    }
  /** Opens a transaction (waiting, as PGlite does, for any other to end); answers its id. */
  | { id: number; op: 'begin' }
  /** Ends the transaction `transaction`: COMMIT, or ROLLBACK when `commit` is false. */
  | { id: number; op: 'end'; transaction: number; commit: boolean }
  | { id: number; op: 'close' };

/** A thrown error as plain data: its message, name and every string or number field (code…). */
export interface SerializedError {
  message: string;
  name: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean>;
}

export type PgliteResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** The worker's first message once PGlite is open, or why it could not open. */
export type PgliteReady = { ready: true } | { ready: false; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { message: String(error), name: 'Error', stack: undefined, fields: {} };
  }
  // PGlite's DatabaseError carries PostgreSQL's fields (code, constraint, detail, table…) as own
  // properties; the services read them. Its query options (parsers: functions) are left out.
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/**
 * The error again on this side, with the same fields and the worker's stack (drizzle wraps it
 * in an error whose stack is this thread's, where the query was asked for).
 */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
