/**
 * Reading whatever was thrown, for the one-line messages of the server and the start scripts.
 * Node, pg and firebase-admin all put a string `code` on their errors.
 */

/** The error's string `code` (e.g. 'ECONNREFUSED', '28P01', 'auth/user-not-found'), or ''. */
export function errorCode(error: unknown): string {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : '';
}

/** The first line of the message, trimmed; never empty. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim() || 'unknown error';
}

/** One line, whatever was thrown; extra lines (an emulator's log tail) come back as `details`. */
export function describeFailure(error: unknown): { reason: string; details: string | null } {
  if (errorCode(error) === 'EADDRINUSE') {
    const port =
      typeof error === 'object' && error !== null && 'port' in error
        ? String(error.port)
        : 'the port';
    return {
      reason: `port ${port} is already in use; stop the other program or set PORT to a free port`,
      details: null,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const details = message.split('\n').slice(1).join('\n').trim();
  return { reason: firstLine(error), details: details === '' ? null : details };
}

/** The error and the `cause` beneath it, and so on down (at most 10 deep). */
export function causeChain(error: unknown): unknown[] {
  const chain = [error];
  for (let depth = 0; depth < 10; depth += 1) {
    const current = chain[chain.length - 1];
    const cause = current instanceof Error ? current.cause : undefined;
    if (cause === undefined || cause === null) break;
    chain.push(cause);
  }
  return chain;
}

/**
 * The error at the bottom of a `cause` chain: drizzle wraps a database's refusal in an error
 * whose message is the whole failed statement, while the reason a person can act on ("value
 * too long", a trigger's message) is the driver's error beneath it.
 */
export function innermostCause(error: unknown): unknown {
  return causeChain(error).at(-1);
}
