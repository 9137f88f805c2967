import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contract/errors.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Whether FamJam answers a request that names `host` (a Host header, or an Origin's host).
 *
 * The check is against DNS rebinding: a page at a name its author controls (attacker.example)
 * re-points that name at this machine and then reads FamJam's answers as same-origin ones. Its
 * requests always carry the attacker's name, so what matters is the name, never the port:
 * - the host name of the origin people open FamJam at (FAMJAM_PUBLIC_URL, else the address it
 *   listens on);
 * - `localhost` and IP addresses (127.0.0.1, [::1], a LAN or pod address): no one can re-point
 *   those, and a browser that names one is on a page of that very address. Health checks and
 *   probes, `npm run dev`'s proxy (which names the API's own address) and `app.inject`
 *   ('localhost:80') use them. Any port: a proxy or container may map FamJam's to another.
 * Any other name is refused.
 */
export function isAnsweredHost(host: string, publicOrigin: string): boolean {
  // A name, an IPv4 address or a bracketed IPv6 one, and a port: nothing else (no '@', '/').
  if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return false;
  const hostname = hostnameOf(`http://${host}`);
  if (hostname === null) return false;
  if (hostname === 'localhost') return true;
  if (isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return true;
  return hostname === hostnameOf(publicOrigin);
}

/** The URL's host name, lower-cased and without a trailing dot; null if it does not parse. */
function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

const misdirected = (publicOrigin: string): ApiError => ({
  error: 'misdirected_request',
  message: `This server does not answer to that host name. Open FamJam at ${publicOrigin} (the deployer sets the name with FAMJAM_PUBLIC_URL).`,
});

/**
 * Refuses, before anything else runs, a request whose Host (or, behind a trusted proxy, the
 * X-Forwarded-Host it passes on) is not one FamJam answers to: 421 with a JSON message.
 */
export const hostCheckPlugin = fp(
  async (app: FamJamApp) => {
    app.addHook('onRequest', async (request, reply) => {
      // An HTTP/1.0 request may name no host at all; no browser sends one.
      const host = request.host;
      if (host === undefined || host === '') return;
      const publicOrigin = app.publicOrigin();
      if (isAnsweredHost(host, publicOrigin)) return;
      return reply.code(421).send(misdirected(publicOrigin));
    });
  },
  { name: 'famjam-host-check' },
);
