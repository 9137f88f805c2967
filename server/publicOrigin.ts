import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config.ts';

/**
 * The address a browser on this machine opens to reach the server, as `npm start` prints it:
 * http://127.0.0.1:8080, or http://localhost:PORT for a wildcard HOST. `address` is the
 * listening socket's (the real port when PORT=0); before the server listens, PORT stands in.
 */
export function listeningOrigin(
  config: Pick<ServerConfig, 'host' | 'port'>,
  address: AddressInfo | string | null,
): string {
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  // A wildcard address is not something a browser can open; this machine can use localhost.
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
