import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract/outreach.ts';
import type { PushServerConfig, VapidKeyPair } from '../../config.ts';
import { isPublicAddress } from '../../ingest/download.ts';

/*
 * Sending one push to one device, with web-push: it encrypts the payload for the device
 * (aes128gcm, RFC 8291) and signs the VAPID JWT for the push service (RFC 8292), with the TTL
 * and urgency headers (RFC 8030). The request itself is made here rather than by
 * sendNotification, which speaks https only and resolves names as it likes: an endpoint is a
 * URL a browser (or a caller of the API) gave, so FamJam connects only to public addresses,
 * checked on the address the connection uses, except for the configured private origins (a
 * push service on the LAN, the tests' stand-in on loopback). No endpoint or key is logged.
 */

/** How a send went, as the job acts on it. */
export type PushOutcome =
  /** The push service took it (201). */
  | 'sent'
  /** 404 or 410: the subscription is gone for good (unsubscribed, expired); delete it. */
  | 'gone'
  /** Anything else (5xx, 429, a timeout, the network): try again later, with backoff. */
  | 'failed';

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  payload: PushPayload;
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: webpush.Urgency;
}

/** What the job sends through; tests may give their own. */
export interface PushTransport {
  send(device: PushDevice, delivery: PushDelivery): Promise<PushOutcome>;
}

/** Push services answer within a second or two; a slow one must not hold the job. */
const sendTimeoutMs = 10_000;

/** The addresses a name resolves to, refused unless every one is public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      const refused = Object.assign(new Error('The push service is not on a public address.'), {
        code: 'EPRIVATEADDRESS',
      });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as AllCallback)(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'failed';
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  lookup: LookupFunction | undefined,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        timeout: sendTimeoutMs,
        ...(lookup ? { lookup } : {}),
      },
      (response) => {
        // The body says nothing the status does not; read it so the socket is freed.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The push service did not answer.')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Web Push through web-push, signed with `vapidKeys` and `subject`, to public https push
 * services and the configured private origins.
 */
export function webPushTransport(
  config: Pick<PushServerConfig, 'subject' | 'privateOrigins'>,
  vapidKeys: VapidKeyPair,
): PushTransport {
  return {
    async send(device, delivery) {
      const url = URL.canParse(device.endpoint) ? new URL(device.endpoint) : null;
      if (url === null) return 'gone';
      const trusted = config.privateOrigins.includes(url.origin);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // Stored before FAMJAM_PUSH_PRIVATE_ORIGINS changed, or an address literal: never sent to.
      if (!trusted && (url.protocol !== 'https:' || (isIP(host) !== 0 && !isPublicAddress(host)))) {
        return 'gone';
      }
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(delivery.payload),
          {
            vapidDetails: { subject: config.subject, ...vapidKeys },
            TTL: delivery.ttlSeconds,
            urgency: delivery.urgency,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch {
        // Keys web-push cannot encrypt for (the API checks them when it stores them): counted as
        // a failure, so a row that is truly unusable is given up after MAX_DEVICE_FAILURES.
        return 'failed';
      }
      try {
        const status = await post(
          url,
          details.headers,
          details.body ?? Buffer.alloc(0),
          trusted ? undefined : publicOnlyLookup,
        );
        return outcomeOf(status);
      } catch (error) {
        // A name that resolves to a private address is not a push service: forget it.
        if ((error as { code?: string }).code === 'EPRIVATEADDRESS') return 'gone';
        return 'failed';
      }
    },
  };
}
