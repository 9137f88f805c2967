import type { AddressInfo } from 'node:net';
import { PICTURE_MAX_BYTES } from '../../../contract/pictures.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  DownloadError,
  download,
  type OwnServer,
  type ResolveHost,
  systemResolve,
} from '../../ingest/download.ts';
import { ownServer } from '../../publicOrigin.ts';
import {
  claimPendingEventPicture,
  deleteUnusedPicturesOlderThan,
  privateNetworkSourceUrls,
  recordPictureOutcome,
} from '../../stores/pictures.ts';
import { PictureRejectedError, storePicture } from './pictures.ts';

/*
 * The picture worker (docs/pictures.md): importers only record the picture a feed names
 * (events.picture_url); this fetches each one once, under the importer's download limits with a
 * smaller size cap, and stores it re-encoded (pictures.ts), so a feed run never waits on pictures
 * and a slow picture host never holds up a feed.
 */

export interface PictureWorkerDependencies {
  /** Name resolution; tests never ask real DNS. */
  resolve: ResolveHost;
  /** Where FamJam itself answers: a picture is never fetched from there. */
  ownServer?: () => OwnServer;
}

/** What the worker runs with in `app`: the system's DNS unless replaced, and the app's own address. */
export function pictureWorkerDependencies(
  app: {
    config: Pick<ServerConfig, 'host' | 'port' | 'publicUrl'>;
    server: { address(): AddressInfo | string | null };
  },
  replaced: Partial<PictureWorkerDependencies> = {},
): PictureWorkerDependencies {
  return {
    resolve: systemResolve,
    ownServer: () => ownServer(app.config, app.server.address()),
    ...replaced,
  };
}

/** What happened to one event's picture, for the log and for tests. */
export interface PictureOutcome {
  eventId: string;
  imageId: string | null;
  /** Why it was refused, in words for the operator; null when stored. */
  error: string | null;
}

interface ClaimedPicture {
  eventId: string;
  url: string;
  title: string;
  /** The origins of the sources listing it that may be on a private network. */
  privateOrigins: string[];
}

/**
 * Takes the oldest event whose picture was never tried, for this process alone (the claim is in
 * server/stores/pictures.ts), with the origins it may be fetched from on a private network; null
 * when none waits.
 */
async function claimPendingPicture(db: Database): Promise<ClaimedPicture | null> {
  const claimed = await claimPendingEventPicture(db);
  if (!claimed) return null;
  // Loopback and private hosts only where an operator allowed them for a source that lists
  // this event (a venue's own intranet feed, the tests' stand-ins), and only on that source's
  // own origin (scheme, host and port): the allowance is for the feed's server, not for any
  // other port or machine a feed names. Never for other events.
  const allowedSourceUrls = await privateNetworkSourceUrls(db, claimed.eventId);
  return {
    ...claimed,
    privateOrigins: allowedSourceUrls.flatMap((url) => originOf(url) ?? []),
  };
}

/** scheme://host:port of an http(s) URL, or null for anything else (a Ticketmaster query). */
function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The picture's bytes, or why not in words; throws DownloadError. */
async function fetchPicture(
  claimed: ClaimedPicture,
  dependencies: PictureWorkerDependencies,
): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(claimed.url);
  } catch {
    throw new DownloadError('The picture URL is not a valid URL.');
  }
  // Only the host is named in messages: a picture URL may carry a signed query string.
  const shown = `the picture at ${url.host}`;
  const answer = await download(url, shown, {
    resolve: dependencies.resolve,
    // As for the feed itself (server/services/sources/): the allowance is for the source's own origin,
    // not for whatever other one it redirects to (a cloud metadata address, an admin page).
    allowPrivateNetwork: claimed.privateOrigins.length > 0,
    privateOrigins: claimed.privateOrigins,
    ownServer: dependencies.ownServer,
    accept: 'image/webp,image/jpeg,image/png,image/avif,image/*;q=0.8',
    maxBytes: PICTURE_MAX_BYTES,
  });
  if (answer.status < 200 || answer.status >= 300) {
    const reason = [answer.status, answer.statusText].filter(Boolean).join(' ');
    throw new DownloadError(`${shown} answered ${reason}.`);
  }
  return answer.body;
}

/** Fetches and stores one waiting picture; null when none waits. */
export async function fetchOnePendingPicture(
  db: Database,
  dependencies: PictureWorkerDependencies,
): Promise<PictureOutcome | null> {
  const claimed = await claimPendingPicture(db);
  if (!claimed) return null;
  let imageId: string | null = null;
  let error: string | null = null;
  try {
    const bytes = await fetchPicture(claimed, dependencies);
    ({ id: imageId } = await storePicture(db, bytes, {
      origin: claimed.url,
      alt: claimed.title,
    }));
  } catch (caught) {
    if (!(caught instanceof DownloadError || caught instanceof PictureRejectedError)) throw caught;
    error = caught.message;
  }
  await recordPictureOutcome(db, claimed.eventId, imageId, error);
  return { eventId: claimed.eventId, imageId, error };
}

/**
 * Works through the waiting pictures one at a time (decoding is CPU work: one at a time leaves
 * the other core to requests) until none waits, `limit` are done or `shouldStop` says so.
 */
export async function fetchPendingPictures(
  db: Database,
  dependencies: PictureWorkerDependencies,
  { limit = 50, shouldStop = () => false }: { limit?: number; shouldStop?: () => boolean } = {},
): Promise<PictureOutcome[]> {
  const outcomes: PictureOutcome[] = [];
  while (outcomes.length < limit && !shouldStop()) {
    const outcome = await fetchOnePendingPicture(db, dependencies);
    if (!outcome) break;
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A stored picture nothing uses is kept this long: an upload is stored before it is linked. */
const UNUSED_PICTURE_GRACE_HOURS = 24;

/**
 * Deletes stored pictures no event and no suggestion uses any more (a declined or deleted
 * suggestion's, an event's whose source now names another), with their sizes (cascade), once
 * they are a day old. Returns how many went.
 */
export function deleteUnusedPictures(db: Database): Promise<number> {
  return deleteUnusedPicturesOlderThan(db, UNUSED_PICTURE_GRACE_HOURS);
}
