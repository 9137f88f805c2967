/**
 * The one line scripts/e2e-stack.ts prints when the stack is up, read by scripts/lib/testStack.ts.
 */
const e2eReadyMarker = 'FAMJAM_E2E_READY';

export interface E2eStackInfo {
  /** Base URL of the app, e.g. "http://127.0.0.1:41234". */
  url: string;
  /** "127.0.0.1:PORT" of the stack's own Auth emulator. */
  authEmulatorHost: string | null;
  /** The loopback push service's origin (server/test/pushStandIn.ts), or null. */
  pushStandIn: string | null;
}

export function formatReadyLine(info: E2eStackInfo): string {
  return `${e2eReadyMarker} ${JSON.stringify(info)}`;
}

/** The stack's info if `line` is the ready line, else null. */
export function parseReadyLine(line: string): E2eStackInfo | null {
  if (!line.startsWith(`${e2eReadyMarker} `)) return null;
  const parsed: unknown = JSON.parse(line.slice(e2eReadyMarker.length + 1));
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { url, authEmulatorHost, pushStandIn } = parsed as Record<string, unknown>;
  if (typeof url !== 'string') return null;
  return {
    url,
    authEmulatorHost: typeof authEmulatorHost === 'string' ? authEmulatorHost : null,
    pushStandIn: typeof pushStandIn === 'string' ? pushStandIn : null,
  };
}
