import type { AddressInfo } from 'node:net';
import type { ServerConfig } from './config.ts';
import type { OwnServer } from './ingest/download.ts';

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

/**
 * Where FamJam answers, for the importer's downloads to refuse (server/ingest/download.ts): its
 * public URL's origin, the origin it listens on, and its listening port (on any of this
 * machine's addresses). Read from the listening socket when there is one, so PORT=0 works.
 */
export function ownServer(
  config: Pick<ServerConfig, 'host' | 'port' | 'publicUrl'>,
  address: AddressInfo | string | null,
): OwnServer {
  const listening = address !== null && typeof address === 'object' ? address.port : null;
  const port = listening ?? (config.port > 0 ? config.port : null);
  const origins = [listeningOrigin(config, address)];
  if (config.publicUrl) origins.push(config.publicUrl);
  return { origins, port };
}
