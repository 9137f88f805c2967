import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser,
 * for the weekly email's tests: what arrived is what a mail provider would have been handed.
 * Not a test file itself.
 */

export interface ReceivedEmail {
  /** The envelope's recipients (RCPT TO), as the server took them. */
  to: string[];
  /** The user name the client signed in with; null without AUTH. */
  user: string | null;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpStandIn {
  /** smtp://[user:password@]127.0.0.1:port, for FAMJAM_SMTP_URL or createMailer's config. */
  url: string;
  host: string;
  port: number;
  received: ReceivedEmail[];
  /** Recipients answered '550 No such user' at RCPT TO (a bounce at the door). */
  refused: Set<string>;
  close(): Promise<void>;
}

class SmtpReply extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/** Starts one; with `credentials` it offers AUTH (plain text is fine on loopback) and requires it. */
export async function startSmtpStandIn(
  options: { credentials?: { user: string; password: string } } = {},
): Promise<SmtpStandIn> {
  const received: ReceivedEmail[] = [];
  const refused = new Set<string>();
  const { credentials } = options;
  const server = new SMTPServer({
    // No TLS on loopback: nodemailer would otherwise upgrade and refuse the test certificate.
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: credentials === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials?.user && auth.password === credentials?.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new SmtpReply('Authentication failed', 535));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(new SmtpReply('No such user here', 550));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              user: typeof session.user === 'string' ? session.user : null,
              raw,
              parsed,
            });
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
  const userInfo = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@`
    : '';
  return {
    url: `smtp://${userInfo}127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken and let go): connecting is refused at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
