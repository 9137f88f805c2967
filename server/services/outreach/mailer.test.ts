import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailConfig, loadConfig } from '../../config.ts';
import { closedPort, type SmtpStandIn, startSmtpStandIn } from '../../test/smtpStandIn.ts';
import { createMailer, type OutgoingEmail, SendFailedError } from './mailer.ts';

/*
 * The transport on its own: a real SMTP server on loopback (with and without credentials), one
 * that is not there, and the outbox of the embedded default.
 */

const message: OutgoingEmail = {
  to: 'parent@example.com',
  subject: 'This weekend for your family: 2 events near San Francisco',
  text: 'Hi Sam,\n\nPlain text part.\n',
  html: '<!doctype html><p>HTML part</p>',
  headers: {
    'List-Unsubscribe': '<https://famjam.example/api/email/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

/** The email settings as loadConfig reads them from this environment. */
function emailConfig(env: NodeJS.ProcessEnv, dataDir = tmpdir()): EmailConfig {
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    FAMJAM_DATA_DIR: dataDir,
    FAMJAM_EMAIL_FROM: 'FamJam <hello@famjam.example>',
    ...env,
  }).email;
}

describe('sending through SMTP', () => {
  let open: SmtpStandIn;
  let guarded: SmtpStandIn;

  beforeAll(async () => {
    open = await startSmtpStandIn();
    guarded = await startSmtpStandIn({
      credentials: { user: 'mailer@famjam.example', password: 'p@ss:word' },
    });
  });

  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('hands the server a multipart message with both parts, the From and the extra headers', async () => {
    const mailer = createMailer(emailConfig({ FAMJAM_SMTP_URL: open.url }));
    await mailer.send(message);
    const [arrived] = open.received;
    expect(arrived?.to).toEqual(['parent@example.com']);
    expect(arrived?.parsed.subject).toBe(message.subject);
    expect(arrived?.parsed.from?.value).toEqual([
      { name: 'FamJam', address: 'hello@famjam.example' },
    ]);
    expect(arrived?.parsed.text).toContain('Plain text part.');
    expect(arrived?.parsed.html).toContain('<p>HTML part</p>');
    expect(arrived?.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(arrived?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('signs in with the user name and password of FAMJAM_SMTP_URL', async () => {
    const url = `smtp://${encodeURIComponent('mailer@famjam.example')}:${encodeURIComponent('p@ss:word')}@127.0.0.1:${guarded.port}`;
    await createMailer(emailConfig({ FAMJAM_SMTP_URL: url })).send(message);
    expect(guarded.received.map((email) => email.user)).toEqual(['mailer@famjam.example']);
  });

  it('reports a refused password, a refused recipient and a server that is not there, naming no address', async () => {
    const wrong = `smtp://mailer%40famjam.example:nope@127.0.0.1:${guarded.port}`;
    const refusedSignIn = await createMailer(emailConfig({ FAMJAM_SMTP_URL: wrong }))
      .send(message)
      .catch((error: unknown) => error);
    expect(refusedSignIn).toBeInstanceOf(SendFailedError);
    expect((refusedSignIn as SendFailedError).responseCode).toBe(535);

    open.refused.add('parent@example.com');
    const bounced = await createMailer(emailConfig({ FAMJAM_SMTP_URL: open.url }))
      .send(message)
      .catch((error: unknown) => error);
    open.refused.clear();
    expect(bounced).toBeInstanceOf(SendFailedError);
    expect((bounced as SendFailedError).responseCode).toBe(550);

    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const unreachable = await createMailer(emailConfig({ FAMJAM_SMTP_URL: down }))
      .send(message)
      .catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(SendFailedError);
    expect(unreachable).toMatchObject({
      message: 'the SMTP server could not be reached',
      responseCode: null,
    });
    // Sent again later only when it certainly did not leave: not after a refusal.
    expect((unreachable as SendFailedError).retryable).toBe(true);
    expect((bounced as SendFailedError).retryable).toBe(false);

    for (const error of [refusedSignIn, bounced, unreachable]) {
      expect((error as Error).message).not.toMatch(/parent|example\.com|nope/);
    }
  });

  it('gives up on a server that never answers, after its timeout', async () => {
    // A listener that accepts and stays silent: no greeting ever comes.
    const { createServer } = await import('node:net');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const mailer = createMailer(emailConfig({ FAMJAM_SMTP_URL: `smtp://127.0.0.1:${port}` }), {
        sendTimeoutMs: 300,
      });
      const started = Date.now();
      const error = await mailer.send(message).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(SendFailedError);
      expect((error as Error).message).toBe('the send took longer than 0.3 s');
      // The server may yet take it: not sent again, so never twice.
      expect((error as SendFailedError).retryable).toBe(false);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });
});

describe('the outbox (no SMTP server configured)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'famjam-outbox-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as a readable .eml file, named by time, that only its owner may read', async () => {
    const config = emailConfig({ FAMJAM_EMAIL_FROM: '' }, dataDir);
    expect(config.smtp).toBeNull();
    const mailer = createMailer(config, { now: () => new Date('2026-06-04T23:00:00.123Z') });
    expect(mailer.destination).toEqual({ kind: 'outbox', dir: join(dataDir, 'outbox') });
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'The second one' });

    const files = (await readdir(join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^2026-06-04T23-00-00-123Z-\d{4}\.eml$/);
    const first = join(dataDir, 'outbox', files[0] ?? '');
    if (process.platform !== 'win32') {
      expect((await stat(first)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dataDir, 'outbox'))).mode & 0o777).toBe(0o700);
    }
    const parsed = await simpleParser(await readFile(first));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toContain('Plain text part.');
    expect(parsed.html).toContain('<p>HTML part</p>');
    expect(parsed.from?.value).toEqual([{ name: 'FamJam', address: 'support@famjam.app' }]);
    expect(parsed.headerLines.map((header) => header.key)).toContain('list-unsubscribe-post');
  });
});
