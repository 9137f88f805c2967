import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailConfig } from '../../config.ts';

/*
 * How an email leaves FamJam (docs/outreach.md, 'Weekly email'): through the SMTP server
 * FAMJAM_SMTP_URL names, or, on the embedded default without one, as an .eml file in the data
 * directory's outbox, which any mail program opens. nodemailer's own logger stays off: it would
 * write addresses and the SMTP conversation.
 */

/** One message, already rendered (weeklyEmailTemplate.ts). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes, for the start banner and the operator: never the SMTP password. */
  readonly destination:
    | { kind: 'smtp'; host: string; port: number }
    | { kind: 'outbox'; dir: string };
  /** Resolves once the server accepted the message (or the file is written); rejects otherwise. */
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * A send that has not finished by then is given up (and retried next run): the socket timeouts
 * below cover a silent server, this covers one that trickles its answers.
 */
export const SEND_TIMEOUT_MS = 60_000;
const smtpTimeouts = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

/** Why a send failed, in words fit for a log and the job's status: never an address. */
export class SendFailedError extends Error {
  override name = 'SendFailedError';
  /**
   * Whether sending it again later is right: the message certainly did not leave and may yet
   * be taken. Not after a refusal (5xx: the same message would be refused again), nor after a
   * timeout (the server may have taken it after all, and a retry could send it twice).
   */
  readonly retryable: boolean;

  constructor(
    message: string,
    /** The SMTP reply code (5xx: refused, 4xx: try later), when the server answered. */
    readonly responseCode: number | null,
    options?: ErrorOptions & { timedOut?: boolean },
  ) {
    super(message, options);
    this.retryable = responseCode === null ? options?.timedOut !== true : responseCode < 500;
  }
}

function describeSendFailure(error: unknown): SendFailedError {
  const details = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : null;
  const code = typeof details.code === 'string' ? details.code : '';
  const command = typeof details.command === 'string' ? details.command.split(' ')[0] : '';
  // The server's reply text may quote the recipient's address, so only its code is kept.
  const reason =
    responseCode !== null
      ? `the SMTP server answered ${responseCode}${command ? ` to ${command}` : ''}`
      : code === 'ECONNECTION' || code === 'ESOCKET'
        ? 'the SMTP server could not be reached'
        : code === 'ETIMEDOUT'
          ? 'the SMTP server did not answer in time'
          : code === 'EAUTH'
            ? 'the SMTP server refused the user name or password'
            : code !== ''
              ? `sending failed (${code})`
              : 'sending failed';
  return new SendFailedError(reason, responseCode, {
    cause: error,
    timedOut: responseCode === null && code === 'ETIMEDOUT',
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new SendFailedError(`the send took longer than ${ms / 1000} s`, null, {
            timedOut: true,
          }),
        ),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

let outboxCounter = 0;

/** '2026-06-04T23-00-00-123Z-0001.eml': sorts by when it was written, unique in this process. */
function outboxFileName(now: Date): string {
  outboxCounter = (outboxCounter + 1) % 10_000;
  const stamp = now.toISOString().replaceAll(':', '-').replace('.', '-');
  return `${stamp}-${String(outboxCounter).padStart(4, '0')}.eml`;
}

/** The mailer the configuration asks for. Nothing connects or writes until the first send. */
export function createMailer(
  config: EmailConfig,
  options: { sendTimeoutMs?: number; now?: () => Date } = {},
): Mailer {
  const sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const from = { name: config.from.name, address: config.from.address };
  const { smtp } = config;

  if (smtp === null) {
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    const dir = config.outboxDir;
    return {
      destination: { kind: 'outbox', dir },
      async send(message) {
        const info = await transport.sendMail({ ...message, from });
        // The outbox holds addresses: only its owner may read it, like the rest of the data dir.
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const bytes = Buffer.isBuffer(info.message) ? info.message : Buffer.from('');
        // 'wx': two processes writing in the same millisecond never overwrite each other's file.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await writeFile(join(dir, outboxFileName(now())), bytes, { flag: 'wx', mode: 0o600 });
            return;
          } catch (error) {
            if ((error as { code?: unknown }).code !== 'EEXIST' || attempt >= 5) throw error;
          }
        }
      },
      close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    // Credentials never cross in clear: on smtp:// with a user, STARTTLS is required rather
    // than used when offered (a stripped offer would otherwise send AUTH PLAIN in the open).
    // Loopback is exempt: a relay on the same machine, and the tests' stand-in.
    requireTLS: !smtp.secure && smtp.user !== null && !isLoopbackHost(smtp.host),
    ...(smtp.user !== null ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    ...smtpTimeouts,
    logger: false,
    debug: false,
  });
  return {
    destination: { kind: 'smtp', host: smtp.host, port: smtp.port },
    async send(message) {
      try {
        await withTimeout(transport.sendMail({ ...message, from }), sendTimeoutMs);
      } catch (error) {
        throw error instanceof SendFailedError ? error : describeSendFailure(error);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}
