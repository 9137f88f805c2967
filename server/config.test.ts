import { generateKeyPairSync } from 'node:crypto';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownTilesMapConfig } from '../contract/maps.ts';
import { ConfigError, loadConfig } from './config.ts';
import {
  STAND_IN_APPLE_PRIVATE_KEY_BODY,
  STAND_IN_APPLE_PRIVATE_KEY_PEM,
} from './test/musicProviderStandIn.ts';

const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

const serviceAccount = {
  type: 'service_account',
  project_id: 'famjam-prod',
  client_email: 'server@famjam-prod.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
};

const realProject = {
  FIREBASE_PROJECT_ID: 'famjam-prod',
  FIREBASE_API_KEY: 'AIza-test',
  FIREBASE_AUTH_DOMAIN: 'famjam-prod.firebaseapp.com',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
};

const noFiles = (path: string): string => {
  throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
};

/** The ConfigError message for `env`, checked to be a single line. */
function failure(env: NodeJS.ProcessEnv, readTextFile = noFiles): string {
  try {
    loadConfig(env, readTextFile);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig defaults (emulator mode)', () => {
  const config = loadConfig(emulator);

  it('uses the demo project on the emulator with the demo web config', () => {
    expect(config.firebase).toEqual({
      mode: 'emulator',
      projectId: 'demo-famjam',
      apiKey: 'demo-api-key',
      authDomain: 'demo-famjam.firebaseapp.com',
      emulatorHost: '127.0.0.1:9099',
    });
  });

  it('listens on loopback port 8080', () => {
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
  });

  it('stores PGlite under .data and serves dist/client', () => {
    expect(config.dataDir).toBe(resolve('.data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: resolve('.data', 'pglite') });
    expect(config.staticDir).toBe(resolve('dist', 'client'));
  });

  it('has the default legal lines, rate limit, proxy trust and log level', () => {
    expect(config.legal).toEqual({ company: 'FamJam, Inc.', supportEmail: 'support@famjam.app' });
    expect(config.rateLimitPerMinute).toBe(300);
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('warn');
  });
});

describe('loadConfig overrides', () => {
  it('takes PORT, HOST, FAMJAM_DATA_DIR, FAMJAM_STATIC_DIR and the legal lines', () => {
    const config = loadConfig({
      ...emulator,
      PORT: '0',
      HOST: '0.0.0.0',
      FAMJAM_EMULATOR_ON_NETWORK: 'i-understand',
      FAMJAM_DATA_DIR: '/var/lib/famjam',
      FAMJAM_STATIC_DIR: '/srv/famjam',
      FAMJAM_COMPANY: 'Jam Family LLC',
      FAMJAM_SUPPORT_EMAIL: 'help@jam.example',
      FAMJAM_RATE_LIMIT: '1000',
      FAMJAM_TRUST_PROXY: '1',
      LOG_LEVEL: 'INFO',
    });
    expect(config.port).toBe(0);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join('/var/lib/famjam', 'pglite') });
    expect(config.staticDir).toBe('/srv/famjam');
    expect(config.legal).toEqual({ company: 'Jam Family LLC', supportEmail: 'help@jam.example' });
    expect(config.rateLimitPerMinute).toBe(1000);
    expect(config.trustProxy).toBe(1);
    expect(config.logLevel).toBe('info');
  });

  it('reads the operators (lower-cased, once each) and the sources settings', () => {
    const config = loadConfig({
      ...emulator,
      FAMJAM_OPERATOR_EMAILS: ' Ops@FamJam.example,ops@famjam.example, editor@famjam.example ',
      FAMJAM_SOURCES_POLL_SECONDS: '0',
      TICKETMASTER_API_KEY: 'abc123',
      FAMJAM_SOURCES_RUN_MAX_EVENTS: '200',
      FAMJAM_SOURCES_RUN_MAX_SECONDS: '30',
    });
    expect(config.operatorEmails).toEqual(['ops@famjam.example', 'editor@famjam.example']);
    expect(config.sources).toEqual({
      pollSeconds: 0,
      ticketmasterApiKey: 'abc123',
      runLimits: { maxEvents: 200, maxSeconds: 30 },
    });
    expect(loadConfig(emulator).operatorEmails).toEqual([]);
    expect(loadConfig(emulator).sources).toEqual({
      pollSeconds: 60,
      ticketmasterApiKey: null,
      runLimits: { maxEvents: 5000, maxSeconds: 120 },
    });
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ ...emulator, PORT: '', DATABASE_URL: '  ', FIREBASE_API_KEY: '' });
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
  });

  it.each(['postgres://famjam:secret@db.example:5432/famjam', 'postgresql://localhost/famjam'])(
    'uses PostgreSQL for DATABASE_URL=%s',
    (url) => {
      expect(loadConfig({ ...emulator, DATABASE_URL: url }).database).toEqual({
        kind: 'postgres',
        url,
      });
    },
  );

  it('counts the rate limit where the deployment can share it', () => {
    const pg = 'postgres://famjam@db.example/famjam';
    const redis = 'redis://:secret@cache.example:6379/0';
    const store = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig({ ...emulator, ...env });
      return [config.rateLimitStore, config.redisUrl];
    };
    expect(store({})).toEqual(['memory', null]);
    expect(store({ DATABASE_URL: pg })).toEqual(['database', null]);
    // Redis, when given, counts for every process without a write to the database.
    expect(store({ DATABASE_URL: pg, FAMJAM_REDIS_URL: redis })).toEqual(['redis', redis]);
    expect(store({ FAMJAM_REDIS_URL: 'rediss://cache.example' })).toEqual([
      'redis',
      'rediss://cache.example',
    ]);
    // A choice made explicitly wins.
    expect(
      store({ DATABASE_URL: pg, FAMJAM_REDIS_URL: redis, FAMJAM_RATE_LIMIT_STORE: 'database' }),
    ).toEqual(['database', redis]);
    expect(store({ DATABASE_URL: pg, FAMJAM_RATE_LIMIT_STORE: 'memory' })).toEqual([
      'memory',
      null,
    ]);
    // Only FamJam's own variable: a platform's REDIS_URL does not take over the counts.
    expect(store({ DATABASE_URL: pg, REDIS_URL: redis })).toEqual(['database', null]);
  });

  it('accepts trust-proxy as true or as addresses', () => {
    expect(loadConfig({ ...emulator, FAMJAM_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(
      loadConfig({ ...emulator, FAMJAM_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy,
    ).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('uses another demo- project on the emulator when FIREBASE_PROJECT_ID names one', () => {
    const config = loadConfig({ ...emulator, FIREBASE_PROJECT_ID: 'demo-other' });
    expect(config.firebase).toMatchObject({
      mode: 'emulator',
      projectId: 'demo-other',
      authDomain: 'demo-other.firebaseapp.com',
    });
  });
});

describe('loadConfig refuses bad values with one clear line', () => {
  it.each([
    ['abc', 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    ['70000', 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    ['-1', 'PORT must be a whole number from 0 to 65535 (got "-1")'],
    ['80.5', 'PORT must be a whole number from 0 to 65535 (got "80.5")'],
  ])('PORT=%s', (port, message) => {
    expect(failure({ ...emulator, PORT: port })).toBe(message);
  });

  it('a DATABASE_URL that is not a URL, without echoing it (it may hold a password)', () => {
    const message = failure({ ...emulator, DATABASE_URL: 'hunter2 at db host' });
    expect(message).toBe(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  });

  it('a DATABASE_URL for another database', () => {
    expect(failure({ ...emulator, DATABASE_URL: 'mysql://root:hunter2@localhost/famjam' })).toBe(
      'DATABASE_URL must start with postgres:// or postgresql:// (got mysql://...)',
    );
  });

  it('a missing FIREBASE_AUTH_EMULATOR_HOST in emulator mode', () => {
    expect(failure({})).toMatch(
      /^FIREBASE_AUTH_EMULATOR_HOST is not set: start FamJam with `npm start`/,
    );
  });

  it.each(['9099', 'http://127.0.0.1:9099', '127.0.0.1:0', '127.0.0.1:99999', 'host:port'])(
    'FIREBASE_AUTH_EMULATOR_HOST=%s',
    (host) => {
      expect(failure({ FIREBASE_AUTH_EMULATOR_HOST: host })).toBe(
        `FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got "${host}")`,
      );
    },
  );

  it('accepts localhost and IPv6 emulator hosts', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099' }).firebase.mode).toBe(
      'emulator',
    );
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '[::1]:9099' }).firebase.mode).toBe(
      'emulator',
    );
  });

  it('an invalid project id', () => {
    expect(failure({ ...realProject, FIREBASE_PROJECT_ID: 'My Project' })).toBe(
      'FIREBASE_PROJECT_ID must be 6-30 lower-case letters, digits or hyphens (got "My Project")',
    );
    expect(failure({ ...emulator, FIREBASE_PROJECT_ID: 'demo-' })).toMatch(
      /^FIREBASE_PROJECT_ID must be 6-30/,
    );
  });

  it('a support email that is not an address', () => {
    expect(failure({ ...emulator, FAMJAM_SUPPORT_EMAIL: 'support' })).toBe(
      'FAMJAM_SUPPORT_EMAIL must be an email address (got "support")',
    );
  });

  it('a rate limit store that does not exist, or Redis without its URL', () => {
    expect(failure({ ...emulator, FAMJAM_RATE_LIMIT_STORE: 'valkey' })).toBe(
      'FAMJAM_RATE_LIMIT_STORE must be redis (Valkey/Redis at FAMJAM_REDIS_URL), database (shared through the database) or memory (per process) (got "valkey")',
    );
    expect(failure({ ...emulator, FAMJAM_RATE_LIMIT_STORE: 'redis' })).toBe(
      'FAMJAM_RATE_LIMIT_STORE=redis needs FAMJAM_REDIS_URL, e.g. redis://127.0.0.1:6379',
    );
  });

  it('a FAMJAM_REDIS_URL that is not a Redis URL, without echoing it (it may hold a password)', () => {
    expect(failure({ ...emulator, FAMJAM_REDIS_URL: 'hunter2 at cache' })).toBe(
      'FAMJAM_REDIS_URL is not a valid URL; expected redis://[:password@]host:6379[/db] (rediss:// for TLS)',
    );
    expect(failure({ ...emulator, FAMJAM_REDIS_URL: 'http://:hunter2@cache.example' })).toBe(
      'FAMJAM_REDIS_URL must start with redis:// or rediss:// (got http://...)',
    );
    expect(
      failure({ ...emulator, FAMJAM_REDIS_URL: 'redis://:hunter2@cache.example/famjam' }),
    ).toBe('FAMJAM_REDIS_URL may end only in a database number (redis://host:6379/0)');
  });

  it('a rate limit that is not a sensible number', () => {
    expect(failure({ ...emulator, FAMJAM_RATE_LIMIT: 'lots' })).toMatch(
      /^FAMJAM_RATE_LIMIT must be a whole number of requests per minute/,
    );
    expect(failure({ ...emulator, FAMJAM_RATE_LIMIT: '1' })).toMatch(/at least 5 \(got "1"\)$/);
  });

  it('an operator list with something that is not an email, or a poll interval that is not seconds', () => {
    expect(failure({ ...emulator, FAMJAM_OPERATOR_EMAILS: 'ops@famjam.example, bob' })).toBe(
      'FAMJAM_OPERATOR_EMAILS must be email addresses separated by commas (got "bob")',
    );
    expect(failure({ ...emulator, FAMJAM_SOURCES_POLL_SECONDS: '1m' })).toMatch(
      /^FAMJAM_SOURCES_POLL_SECONDS must be a whole number of seconds, 0 to turn polling off/,
    );
    expect(failure({ ...emulator, FAMJAM_SOURCES_RUN_MAX_EVENTS: '0' })).toBe(
      'FAMJAM_SOURCES_RUN_MAX_EVENTS must be a whole number of at least 1 (got "0")',
    );
  });

  it('a trust-proxy value that is none of the accepted forms', () => {
    expect(failure({ ...emulator, FAMJAM_TRUST_PROXY: 'yes please' })).toMatch(
      /^FAMJAM_TRUST_PROXY must be true, false/,
    );
  });

  it('an unknown log level', () => {
    expect(failure({ ...emulator, LOG_LEVEL: 'loud' })).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });
});

describe('the public address', () => {
  it('is the listening address unless FAMJAM_PUBLIC_URL names one (known only once listening)', () => {
    expect(loadConfig(emulator).publicUrl).toBeNull();
  });

  it.each([
    ['https://famjam.example', 'https://famjam.example'],
    ['https://famjam.example/', 'https://famjam.example'],
    ['HTTPS://FamJam.Example:8443', 'https://famjam.example:8443'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
  ])('takes FAMJAM_PUBLIC_URL=%s as the origin %s', (raw, origin) => {
    expect(loadConfig({ ...emulator, FAMJAM_PUBLIC_URL: raw }).publicUrl).toBe(origin);
  });

  it.each([
    'famjam.example',
    'ftp://famjam.example',
    'https://famjam.example/app',
    'https://famjam.example/?x=1',
    'https://famjam.example/#top',
    'https://user:pass@famjam.example',
    'https://',
  ])('refuses FAMJAM_PUBLIC_URL=%s: an http(s) origin only', (raw) => {
    expect(failure({ ...emulator, FAMJAM_PUBLIC_URL: raw })).toMatch(
      /^FAMJAM_PUBLIC_URL must be the http\(s\) origin people open FamJam at, such as https:\/\/famjam\.example, without a path, query or user name \(got ".*"\)$/,
    );
  });
});

describe('source maps', () => {
  it('are not served unless FAMJAM_SERVE_SOURCE_MAPS asks for them', () => {
    expect(loadConfig(emulator).serveSourceMaps).toBe(false);
    for (const on of ['1', 'true']) {
      expect(loadConfig({ ...emulator, FAMJAM_SERVE_SOURCE_MAPS: on }).serveSourceMaps).toBe(true);
    }
    for (const off of ['0', 'false']) {
      expect(loadConfig({ ...emulator, FAMJAM_SERVE_SOURCE_MAPS: off }).serveSourceMaps).toBe(
        false,
      );
    }
  });

  it('refuse any other value', () => {
    expect(failure({ ...emulator, FAMJAM_SERVE_SOURCE_MAPS: 'yes' })).toBe(
      'FAMJAM_SERVE_SOURCE_MAPS must be 1 (serve the build\'s .map files) or 0 (answer 404 for them) (got "yes")',
    );
  });
});

describe('emulator mode on a network address', () => {
  const refusal = (host: string) =>
    `HOST=${host} is not a loopback address, and in emulator mode the server trusts unsigned sign-in tokens, so anyone who can reach it could act as any user; unset HOST to listen on 127.0.0.1, or set FAMJAM_EMULATOR_ON_NETWORK=i-understand to accept that`;

  it.each(['0.0.0.0', '192.168.1.20', '::', 'famjam.local', '127.example.com'])(
    'refuses HOST=%s without the opt-in',
    (host) => {
      expect(failure({ ...emulator, HOST: host })).toBe(refusal(host));
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost', 'LOCALHOST'])(
    'listens on the loopback HOST=%s without an opt-in',
    (host) => {
      expect(loadConfig({ ...emulator, HOST: host }).host).toBe(host);
    },
  );

  it('listens on HOST=0.0.0.0 when FAMJAM_EMULATOR_ON_NETWORK=i-understand', () => {
    const config = loadConfig({
      ...emulator,
      HOST: '0.0.0.0',
      FAMJAM_EMULATOR_ON_NETWORK: 'i-understand',
    });
    expect(config.host).toBe('0.0.0.0');
  });

  it.each(['yes', 'true', '1', 'I-UNDERSTAND'])(
    'refuses FAMJAM_EMULATOR_ON_NETWORK=%s, whatever HOST is',
    (value) => {
      const message = `FAMJAM_EMULATOR_ON_NETWORK must be exactly i-understand, or unset (got "${value}")`;
      expect(failure({ ...emulator, FAMJAM_EMULATOR_ON_NETWORK: value })).toBe(message);
      expect(failure({ ...emulator, HOST: '0.0.0.0', FAMJAM_EMULATOR_ON_NETWORK: value })).toBe(
        message,
      );
      expect(failure({ ...realProject, FAMJAM_EMULATOR_ON_NETWORK: value })).toBe(message);
    },
  );

  it('needs no opt-in with a real project, whose tokens are signed', () => {
    expect(loadConfig({ ...realProject, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('a real Firebase project', () => {
  it('is configured by project id, web config and service account JSON', () => {
    const config = loadConfig({ ...realProject, FIREBASE_APP_ID: '1:123:web:abc' });
    expect(config.firebase).toEqual({
      mode: 'project',
      projectId: 'famjam-prod',
      apiKey: 'AIza-test',
      authDomain: 'famjam-prod.firebaseapp.com',
      appId: '1:123:web:abc',
      serviceAccount: {
        projectId: 'famjam-prod',
        clientEmail: serviceAccount.client_email,
        privateKey: serviceAccount.private_key,
      },
    });
  });

  it('listens on all interfaces by default, and the app id is optional', () => {
    const config = loadConfig(realProject);
    expect(config.host).toBe('0.0.0.0');
    expect(config.firebase.mode === 'project' && config.firebase.appId).toBeNull();
  });

  it('reads the service account from GOOGLE_APPLICATION_CREDENTIALS', () => {
    const { FIREBASE_SERVICE_ACCOUNT: _inline, ...env } = realProject;
    const files: Record<string, string> = { '/keys/famjam.json': JSON.stringify(serviceAccount) };
    const config = loadConfig(
      { ...env, GOOGLE_APPLICATION_CREDENTIALS: '/keys/famjam.json' },
      (path) => files[path] ?? noFiles(path),
    );
    expect(config.firebase.mode === 'project' && config.firebase.serviceAccount.clientEmail).toBe(
      serviceAccount.client_email,
    );
  });

  it('refuses to start when the emulator variable is also set (unsigned tokens would pass)', () => {
    expect(failure({ ...realProject, ...emulator })).toBe(
      'FIREBASE_AUTH_EMULATOR_HOST is set while the real Firebase project famjam-prod is configured; firebase-admin would then accept unsigned tokens, so FamJam refuses to start. Unset FIREBASE_AUTH_EMULATOR_HOST, or unset FIREBASE_PROJECT_ID to use the emulator',
    );
  });

  it('names every missing setting', () => {
    expect(failure({ FIREBASE_PROJECT_ID: 'famjam-prod' })).toBe(
      'FIREBASE_PROJECT_ID is set to the real project famjam-prod but FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS) are missing; set them, or unset FIREBASE_PROJECT_ID to use the Auth emulator',
    );
    const { FIREBASE_AUTH_DOMAIN: _domain, ...withoutDomain } = realProject;
    expect(failure(withoutDomain)).toBe(
      'FIREBASE_PROJECT_ID is set to the real project famjam-prod but FIREBASE_AUTH_DOMAIN is missing; set it, or unset FIREBASE_PROJECT_ID to use the Auth emulator',
    );
  });

  it('refuses web settings without a real project id instead of silently using the emulator', () => {
    const { FIREBASE_PROJECT_ID: _id, ...withoutId } = realProject;
    expect(failure({ ...withoutId, ...emulator })).toBe(
      'FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_SERVICE_ACCOUNT are set but FIREBASE_PROJECT_ID is not set; set FIREBASE_PROJECT_ID to your Firebase project id, or unset FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_SERVICE_ACCOUNT to use the Auth emulator',
    );
    expect(
      failure({ ...emulator, FIREBASE_PROJECT_ID: 'demo-famjam', FIREBASE_API_KEY: 'AIza' }),
    ).toBe(
      'FIREBASE_API_KEY is set but FIREBASE_PROJECT_ID is the emulator project demo-famjam; set FIREBASE_PROJECT_ID to your Firebase project id, or unset FIREBASE_API_KEY to use the Auth emulator',
    );
  });

  it('an auth domain that is a URL rather than a host', () => {
    expect(
      failure({ ...realProject, FIREBASE_AUTH_DOMAIN: 'https://famjam-prod.firebaseapp.com' }),
    ).toBe(
      'FIREBASE_AUTH_DOMAIN must be a bare host name such as famjam-prod.firebaseapp.com (got "https://famjam-prod.firebaseapp.com")',
    );
  });

  it.each([
    [
      '{not json',
      'FIREBASE_SERVICE_ACCOUNT is not valid JSON; paste the whole service-account key file',
    ],
    ['"text"', 'FIREBASE_SERVICE_ACCOUNT must be a JSON object (a service-account key file)'],
    [
      JSON.stringify({ ...serviceAccount, type: 'authorized_user' }),
      'FIREBASE_SERVICE_ACCOUNT is not a service-account key (its "type" is "authorized_user", expected "service_account")',
    ],
    [
      JSON.stringify({ type: 'service_account', project_id: 'famjam-prod' }),
      'FIREBASE_SERVICE_ACCOUNT is missing client_email, private_key',
    ],
    [
      JSON.stringify({ ...serviceAccount, private_key: 'abc' }),
      'FIREBASE_SERVICE_ACCOUNT has a private_key that is not a PEM private key',
    ],
    [
      JSON.stringify({ ...serviceAccount, project_id: 'famjam-staging' }),
      'FIREBASE_SERVICE_ACCOUNT belongs to project famjam-staging but FIREBASE_PROJECT_ID is famjam-prod',
    ],
  ])('FIREBASE_SERVICE_ACCOUNT=%s', (json, message) => {
    expect(failure({ ...realProject, FIREBASE_SERVICE_ACCOUNT: json })).toBe(message);
  });

  it('a credentials file that cannot be read or is not JSON', () => {
    const { FIREBASE_SERVICE_ACCOUNT: _inline, ...env } = realProject;
    expect(failure({ ...env, GOOGLE_APPLICATION_CREDENTIALS: '/keys/missing.json' })).toBe(
      'GOOGLE_APPLICATION_CREDENTIALS file /keys/missing.json cannot be read (ENOENT)',
    );
    expect(
      failure({ ...env, GOOGLE_APPLICATION_CREDENTIALS: '/keys/bad.json' }, () => 'oops'),
    ).toBe(
      'GOOGLE_APPLICATION_CREDENTIALS (/keys/bad.json) is not valid JSON; paste the whole service-account key file',
    );
  });
});

describe('ad slots (Google AdSense)', () => {
  const ads = { FAMJAM_ADS_CLIENT: 'ca-pub-1234567890123456', FAMJAM_ADS_HOME_SLOT: '1234567890' };

  it('are off unless configured', () => {
    expect(loadConfig(emulator).ads).toBeNull();
    expect(loadConfig({ ...emulator, FAMJAM_ADS_CLIENT: ' ', FAMJAM_ADS_HOME_SLOT: '' }).ads).toBe(
      null,
    );
  });

  it('take the publisher id and the home slot id', () => {
    expect(loadConfig({ ...emulator, ...ads }).ads).toEqual({
      client: 'ca-pub-1234567890123456',
      homeSlot: '1234567890',
    });
  });

  it.each([
    'pub-1234567890123456',
    'ca-pub-123456789012345',
    'ca-pub-12345678901234567',
    'ca-pub-123456789012345x',
    'CA-PUB-1234567890123456',
  ])('refuse FAMJAM_ADS_CLIENT=%s', (client) => {
    expect(failure({ ...emulator, ...ads, FAMJAM_ADS_CLIENT: client })).toBe(
      `FAMJAM_ADS_CLIENT must be an AdSense publisher id: ca-pub- and 16 digits (got ${JSON.stringify(client)})`,
    );
  });

  it.each(['12345abc', '-1', '1234 5678', '123456789012345678901'])(
    'refuse FAMJAM_ADS_HOME_SLOT=%s',
    (slot) => {
      expect(failure({ ...emulator, ...ads, FAMJAM_ADS_HOME_SLOT: slot })).toBe(
        `FAMJAM_ADS_HOME_SLOT must be an AdSense ad unit id: digits only (got ${JSON.stringify(slot)})`,
      );
    },
  );

  it('refuse one without the other', () => {
    expect(failure({ ...emulator, FAMJAM_ADS_CLIENT: ads.FAMJAM_ADS_CLIENT })).toBe(
      'FAMJAM_ADS_CLIENT is set but FAMJAM_ADS_HOME_SLOT is not; set both to show ads, or neither',
    );
    expect(failure({ ...emulator, FAMJAM_ADS_HOME_SLOT: ads.FAMJAM_ADS_HOME_SLOT })).toBe(
      'FAMJAM_ADS_HOME_SLOT is set but FAMJAM_ADS_CLIENT is not; set both to show ads, or neither',
    );
  });
});

describe('music services', () => {
  const spotify = {
    FAMJAM_SPOTIFY_CLIENT_ID: '0123456789abcdef0123456789abcdef',
    FAMJAM_SPOTIFY_CLIENT_SECRET: 'spotify-secret-value',
  };
  const apple = {
    FAMJAM_APPLE_MUSIC_TEAM_ID: 'TEAM123456',
    FAMJAM_APPLE_MUSIC_KEY_ID: 'KEY1234567',
    FAMJAM_APPLE_MUSIC_PRIVATE_KEY: STAND_IN_APPLE_PRIVATE_KEY_PEM,
  };

  it('are off unless configured', () => {
    expect(loadConfig(emulator).music).toEqual({ spotify: null, appleMusic: null });
  });

  it("take Spotify's credentials, with the real service's URLs by default", () => {
    expect(loadConfig({ ...emulator, ...spotify }).music.spotify).toEqual({
      clientId: spotify.FAMJAM_SPOTIFY_CLIENT_ID,
      clientSecret: spotify.FAMJAM_SPOTIFY_CLIENT_SECRET,
      accountsUrl: 'https://accounts.spotify.com',
      apiUrl: 'https://api.spotify.com',
      redirectUri: null,
    });
  });

  it('take Spotify URLs and a registered redirect URI', () => {
    const config = loadConfig({
      ...emulator,
      ...spotify,
      FAMJAM_SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:4000/',
      FAMJAM_SPOTIFY_API_URL: 'http://127.0.0.1:4001',
      FAMJAM_SPOTIFY_REDIRECT_URI: 'https://famjam.example/auth/spotify/callback',
    });
    expect(config.music.spotify).toMatchObject({
      accountsUrl: 'http://127.0.0.1:4000',
      apiUrl: 'http://127.0.0.1:4001',
      redirectUri: 'https://famjam.example/auth/spotify/callback',
    });
  });

  it("take Apple Music's key inline, with literal \\n escapes, or from a file", () => {
    const inline = loadConfig({
      ...emulator,
      ...apple,
      FAMJAM_APPLE_MUSIC_PRIVATE_KEY: STAND_IN_APPLE_PRIVATE_KEY_PEM.replaceAll('\n', '\\n'),
    }).music.appleMusic;
    expect(inline).toEqual({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKeyPem: STAND_IN_APPLE_PRIVATE_KEY_PEM,
      apiUrl: 'https://api.music.apple.com',
      scriptUrl: 'https://js-cdn.music.apple.com/musickit/v3/musickit.js',
    });
    const fromFile = loadConfig(
      {
        ...emulator,
        FAMJAM_APPLE_MUSIC_TEAM_ID: apple.FAMJAM_APPLE_MUSIC_TEAM_ID,
        FAMJAM_APPLE_MUSIC_KEY_ID: apple.FAMJAM_APPLE_MUSIC_KEY_ID,
        FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE: '/keys/AuthKey.p8',
        FAMJAM_APPLE_MUSIC_API_URL: 'http://127.0.0.1:4002',
        FAMJAM_MUSICKIT_SCRIPT_URL: 'http://127.0.0.1:4002/musickit.js',
      },
      (path) => (path === '/keys/AuthKey.p8' ? STAND_IN_APPLE_PRIVATE_KEY_PEM : noFiles(path)),
    ).music.appleMusic;
    expect(fromFile).toMatchObject({
      privateKeyPem: STAND_IN_APPLE_PRIVATE_KEY_PEM,
      apiUrl: 'http://127.0.0.1:4002',
      scriptUrl: 'http://127.0.0.1:4002/musickit.js',
    });
  });

  it('refuse half a Spotify set', () => {
    expect(
      failure({ ...emulator, FAMJAM_SPOTIFY_CLIENT_ID: spotify.FAMJAM_SPOTIFY_CLIENT_ID }),
    ).toBe(
      'FAMJAM_SPOTIFY_CLIENT_ID is set but FAMJAM_SPOTIFY_CLIENT_SECRET is not; set all of them to connect Spotify, or none',
    );
    expect(failure({ ...emulator, FAMJAM_SPOTIFY_API_URL: 'https://api.spotify.com' })).toBe(
      'FAMJAM_SPOTIFY_API_URL is set but FAMJAM_SPOTIFY_CLIENT_ID, FAMJAM_SPOTIFY_CLIENT_SECRET are not; set all of them to connect Spotify, or none',
    );
  });

  it('refuse half an Apple Music set', () => {
    expect(failure({ ...emulator, FAMJAM_APPLE_MUSIC_TEAM_ID: 'TEAM123456' })).toBe(
      'FAMJAM_APPLE_MUSIC_TEAM_ID is set but FAMJAM_APPLE_MUSIC_KEY_ID, FAMJAM_APPLE_MUSIC_PRIVATE_KEY (or FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE) are not; set all of them to connect Apple Music, or none',
    );
    expect(
      failure({ ...emulator, ...apple, FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE: '/keys/a.p8' }),
    ).toBe(
      'FAMJAM_APPLE_MUSIC_PRIVATE_KEY and FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE are both set; set one of them',
    );
  });

  it.each([
    [
      { FAMJAM_SPOTIFY_ACCOUNTS_URL: 'ftp://accounts.example' },
      'FAMJAM_SPOTIFY_ACCOUNTS_URL must be an http(s) URL without query or fragment (got "ftp://accounts.example")',
    ],
    [
      { FAMJAM_SPOTIFY_API_URL: 'not a url' },
      'FAMJAM_SPOTIFY_API_URL must be an http(s) URL (got "not a url")',
    ],
    [
      { FAMJAM_SPOTIFY_REDIRECT_URI: 'https://famjam.example/callback' },
      'FAMJAM_SPOTIFY_REDIRECT_URI must be the app\'s origin followed by /auth/spotify/callback, e.g. https://famjam.example/auth/spotify/callback (got "https://famjam.example/callback")',
    ],
    [
      { FAMJAM_SPOTIFY_CLIENT_ID: 'has space' },
      'FAMJAM_SPOTIFY_CLIENT_ID must be the app\'s client id from the Spotify dashboard (got "has space")',
    ],
  ])('refuse a malformed Spotify value %o', (override, message) => {
    expect(failure({ ...emulator, ...spotify, ...override })).toBe(message);
  });

  it('refuse a malformed Spotify secret without echoing it', () => {
    const message = failure({ ...emulator, ...spotify, FAMJAM_SPOTIFY_CLIENT_SECRET: 'a secret' });
    expect(message).toBe('FAMJAM_SPOTIFY_CLIENT_SECRET must be printable characters, no spaces');
  });

  it.each([
    [
      { FAMJAM_APPLE_MUSIC_TEAM_ID: 'team' },
      'FAMJAM_APPLE_MUSIC_TEAM_ID must be 10 upper-case letters or digits, as Apple\'s developer account shows it (got "team")',
    ],
    [
      { FAMJAM_APPLE_MUSIC_KEY_ID: 'KEY12345678' },
      'FAMJAM_APPLE_MUSIC_KEY_ID must be 10 upper-case letters or digits, as Apple\'s developer account shows it (got "KEY12345678")',
    ],
    [
      { FAMJAM_MUSICKIT_SCRIPT_URL: 'javascript:alert(1)' },
      'FAMJAM_MUSICKIT_SCRIPT_URL must be the http(s) URL of musickit.js (got "javascript:alert(1)")',
    ],
  ])('refuse a malformed Apple Music value %o', (override, message) => {
    expect(failure({ ...emulator, ...apple, ...override })).toBe(message);
  });

  it('refuse a private key that is not an ES256 PEM, without echoing it', () => {
    const truncated = STAND_IN_APPLE_PRIVATE_KEY_PEM.slice(0, 80);
    const message = failure({ ...emulator, ...apple, FAMJAM_APPLE_MUSIC_PRIVATE_KEY: truncated });
    expect(message).toBe(
      'FAMJAM_APPLE_MUSIC_PRIVATE_KEY is not a PEM private key; paste the whole AuthKey_<key id>.p8 file from Apple (BEGIN/END lines included)',
    );
    expect(message).not.toContain(STAND_IN_APPLE_PRIVATE_KEY_BODY.slice(0, 20));
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(failure({ ...emulator, ...apple, FAMJAM_APPLE_MUSIC_PRIVATE_KEY: rsa })).toBe(
      'FAMJAM_APPLE_MUSIC_PRIVATE_KEY is not an ES256 (P-256) key; use the MusicKit key (.p8) from Apple',
    );
    expect(
      failure({
        ...emulator,
        FAMJAM_APPLE_MUSIC_TEAM_ID: apple.FAMJAM_APPLE_MUSIC_TEAM_ID,
        FAMJAM_APPLE_MUSIC_KEY_ID: apple.FAMJAM_APPLE_MUSIC_KEY_ID,
        FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE: '/keys/missing.p8',
      }),
    ).toBe('FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE file /keys/missing.p8 cannot be read (ENOENT)');
  });
});

describe('the map tiles (parseMap)', () => {
  const provider = {
    FAMJAM_MAP_TILES: 'https://tiles.example.com/light/{z}/{x}/{y}{r}.png?key=k',
    FAMJAM_MAP_ATTRIBUTION: '© Example Maps © OpenStreetMap contributors',
  };

  it("are FamJam's own tiles when no provider is configured (blank is unset)", () => {
    expect(loadConfig(emulator).map).toEqual(ownTilesMapConfig);
    expect(loadConfig({ ...emulator, FAMJAM_MAP_TILES: ' ', FAMJAM_MAP_MAX_ZOOM: '' }).map).toEqual(
      ownTilesMapConfig,
    );
    expect(ownTilesMapConfig.tiles.light).toBe('/tiles/light/{z}/{x}/{y}.png');
  });

  it("are the provider's, one template for both themes and zoom 19, unless told otherwise", () => {
    expect(loadConfig({ ...emulator, ...provider }).map).toEqual({
      tiles: { light: provider.FAMJAM_MAP_TILES, dark: provider.FAMJAM_MAP_TILES },
      attribution: provider.FAMJAM_MAP_ATTRIBUTION,
      maxZoom: 19,
    });
    const dark = 'https://{s}.dark.example.com/{z}/{x}/{y}.png';
    expect(
      loadConfig({
        ...emulator,
        ...provider,
        FAMJAM_MAP_TILES_DARK: dark,
        FAMJAM_MAP_MAX_ZOOM: '22',
      }).map,
    ).toMatchObject({ tiles: { dark }, maxZoom: 22 });
  });

  it.each([
    'http://localhost:8081/{z}/{x}/{y}.png',
    'http://127.0.0.1:8081/{z}/{x}/{y}.png',
    'http://[::1]:8081/{z}/{x}/{y}.png',
  ])('take a plain-http tile server on loopback: %s', (tiles) => {
    expect(loadConfig({ ...emulator, ...provider, FAMJAM_MAP_TILES: tiles }).map.tiles.light).toBe(
      tiles,
    );
  });

  it('need the attribution the provider asks for', () => {
    expect(failure({ ...emulator, FAMJAM_MAP_TILES: provider.FAMJAM_MAP_TILES })).toBe(
      "FAMJAM_MAP_TILES is set but FAMJAM_MAP_ATTRIBUTION is not; a tile provider's terms ask for its credit on the map",
    );
  });

  it.each([
    ['FAMJAM_MAP_TILES_DARK', 'https://dark.example.com/{z}/{x}/{y}.png'],
    ['FAMJAM_MAP_ATTRIBUTION', '© Example'],
    ['FAMJAM_MAP_MAX_ZOOM', '18'],
  ])('refuse %s without FAMJAM_MAP_TILES', (name, value) => {
    expect(failure({ ...emulator, [name]: value })).toBe(
      'FAMJAM_MAP_TILES_DARK, FAMJAM_MAP_ATTRIBUTION and FAMJAM_MAP_MAX_ZOOM go with FAMJAM_MAP_TILES; set it too, or none of them',
    );
  });

  it.each([
    [
      { FAMJAM_MAP_TILES: 'http://tiles.example.com/{z}/{x}/{y}.png' },
      'FAMJAM_MAP_TILES must be an https URL (got "http://tiles.example.com/{z}/{x}/{y}.png")',
    ],
    [
      { FAMJAM_MAP_TILES_DARK: 'http://192.168.1.5/{z}/{x}/{y}.png' },
      'FAMJAM_MAP_TILES_DARK must be an https URL (got "http://192.168.1.5/{z}/{x}/{y}.png")',
    ],
    [
      { FAMJAM_MAP_TILES: 'ftp://127.0.0.1/{z}/{x}/{y}.png' },
      'FAMJAM_MAP_TILES must be an https URL (got "ftp://127.0.0.1/{z}/{x}/{y}.png")',
    ],
    [
      { FAMJAM_MAP_TILES: 'tiles/{z}/{x}/{y}.png' },
      'FAMJAM_MAP_TILES must be a tile URL template (got "tiles/{z}/{x}/{y}.png")',
    ],
    [
      { FAMJAM_MAP_TILES: 'https://tiles.example.com/{z}/{x}.png' },
      'FAMJAM_MAP_TILES must hold {z}, {x} and {y} (got "https://tiles.example.com/{z}/{x}.png")',
    ],
    [
      { FAMJAM_MAP_TILES_DARK: 'https://tiles.example.com/dark.png' },
      'FAMJAM_MAP_TILES_DARK must hold {z}, {x} and {y} (got "https://tiles.example.com/dark.png")',
    ],
    [
      { FAMJAM_MAP_MAX_ZOOM: '0' },
      'FAMJAM_MAP_MAX_ZOOM must be a whole number from 1 to 22 (got "0")',
    ],
    [
      { FAMJAM_MAP_MAX_ZOOM: '23' },
      'FAMJAM_MAP_MAX_ZOOM must be a whole number from 1 to 22 (got "23")',
    ],
    [
      { FAMJAM_MAP_MAX_ZOOM: '18.5' },
      'FAMJAM_MAP_MAX_ZOOM must be a whole number from 1 to 22 (got "18.5")',
    ],
    [
      { FAMJAM_MAP_MAX_ZOOM: 'max' },
      'FAMJAM_MAP_MAX_ZOOM must be a whole number from 1 to 22 (got "max")',
    ],
  ])('refuse %o', (override, message) => {
    expect(failure({ ...emulator, ...provider, ...override })).toBe(message);
  });
});

describe('the weekly email (FAMJAM_SMTP_URL, FAMJAM_EMAIL_FROM)', () => {
  it('writes to <data dir>/outbox without an SMTP server, from the support address', () => {
    const config = loadConfig({ ...emulator, FAMJAM_DATA_DIR: '/srv/famjam' });
    expect(config.email).toEqual({
      smtp: null,
      from: { name: 'FamJam', address: 'support@famjam.app' },
      outboxDir: resolve('/srv/famjam', 'outbox'),
    });
  });

  it('reads the server, port, TLS and percent-encoded credentials from the URL', () => {
    const from = 'FamJam <hello@famjam.example>';
    expect(
      loadConfig({
        ...emulator,
        FAMJAM_SMTP_URL: 'smtps://mailer%40famjam.example:p%40ss%3Aword@smtp.example.com',
        FAMJAM_EMAIL_FROM: from,
      }).email,
    ).toMatchObject({
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        user: 'mailer@famjam.example',
        password: 'p@ss:word',
      },
      from: { name: 'FamJam', address: 'hello@famjam.example' },
    });
    expect(
      loadConfig({
        ...emulator,
        FAMJAM_SMTP_URL: 'smtp://relay.internal:2525',
        FAMJAM_EMAIL_FROM: '"FamJam, weekly" <weekly@famjam.example>',
      }).email,
    ).toMatchObject({
      smtp: { host: 'relay.internal', port: 2525, secure: false, user: null, password: null },
      from: { name: 'FamJam, weekly', address: 'weekly@famjam.example' },
    });
    expect(
      loadConfig({
        ...emulator,
        FAMJAM_SMTP_URL: 'smtp://[::1]',
        FAMJAM_EMAIL_FROM: 'weekly@famjam.example',
      }).email,
    ).toMatchObject({
      smtp: { host: '::1', port: 587 },
      from: { name: '', address: 'weekly@famjam.example' },
    });
  });

  it('refuses an SMTP URL it cannot use, without echoing its password', () => {
    const from = { FAMJAM_EMAIL_FROM: 'hello@famjam.example' };
    for (const url of [
      'https://user:hunter2@smtp.example.com',
      'smtp://user:hunter2@smtp.example.com/path',
      'smtp://user:hunter2@smtp.example.com?tls=off',
      'not a url hunter2',
    ]) {
      const message = failure({ ...emulator, ...from, FAMJAM_SMTP_URL: url });
      expect(message).toMatch(/^FAMJAM_SMTP_URL /);
      expect(message).not.toContain('hunter2');
    }
  });

  it('needs the From address with an SMTP server, and a valid one', () => {
    expect(failure({ ...emulator, FAMJAM_SMTP_URL: 'smtp://smtp.example.com' })).toMatch(
      /FAMJAM_SMTP_URL is set but FAMJAM_EMAIL_FROM is not/,
    );
    expect(failure({ ...emulator, FAMJAM_EMAIL_FROM: 'FamJam <not-an-address>' })).toMatch(
      /^FAMJAM_EMAIL_FROM must be an address/,
    );
  });
});

describe('Web Push (parsePush)', () => {
  // A pair made by web-push's generateVAPIDKeys, for these tests only.
  const publicKey =
    'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M';
  const privateKey = 'F5lMki9DknGmhzDcWVmjSdXwG24EhzgEYDcHKa7nluM';
  const keys = { FAMJAM_VAPID_PUBLIC_KEY: publicKey, FAMJAM_VAPID_PRIVATE_KEY: privateKey };

  it('keeps its keys in the data directory unless configured, signing as the support address', () => {
    expect(loadConfig({ ...emulator, FAMJAM_SUPPORT_EMAIL: 'help@jam.example' }).push).toEqual({
      vapidKeys: null,
      subject: 'mailto:help@jam.example',
      privateOrigins: [],
      pollSeconds: 60,
    });
  });

  it('takes a configured pair, subject and private origins', () => {
    const config = loadConfig({
      ...emulator,
      ...keys,
      FAMJAM_VAPID_SUBJECT: 'https://famjam.example/contact',
      FAMJAM_PUSH_PRIVATE_ORIGINS: 'http://127.0.0.1:8090/, https://push.lan:8443',
      FAMJAM_PUSH_POLL_SECONDS: '5',
    });
    expect(config.push).toEqual({
      vapidKeys: { publicKey, privateKey },
      subject: 'https://famjam.example/contact',
      privateOrigins: ['http://127.0.0.1:8090', 'https://push.lan:8443'],
      pollSeconds: 5,
    });
    expect(loadConfig({ ...emulator, FAMJAM_PUSH_POLL_SECONDS: '0' }).push.pollSeconds).toBe(0);
    expect(failure({ ...emulator, FAMJAM_PUSH_POLL_SECONDS: 'soon' })).toMatch(
      /FAMJAM_PUSH_POLL_SECONDS must be a whole number of seconds/,
    );
  });

  it('refuses half a pair, a pair that does not match, and malformed keys, never echoing the private one', () => {
    expect(failure({ ...emulator, FAMJAM_VAPID_PUBLIC_KEY: publicKey })).toMatch(
      /FAMJAM_VAPID_PUBLIC_KEY is set but FAMJAM_VAPID_PRIVATE_KEY is not/,
    );
    const otherPrivate = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
    expect(failure({ ...emulator, ...keys, FAMJAM_VAPID_PRIVATE_KEY: otherPrivate })).toMatch(
      /not one key pair/,
    );
    expect(failure({ ...emulator, ...keys, FAMJAM_VAPID_PUBLIC_KEY: 'abc' })).toMatch(
      /FAMJAM_VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    const shortPrivate = failure({ ...emulator, ...keys, FAMJAM_VAPID_PRIVATE_KEY: 'c2VjcmV0' });
    expect(shortPrivate).toMatch(/FAMJAM_VAPID_PRIVATE_KEY must be a P-256 private key/);
    expect(shortPrivate).not.toContain('c2VjcmV0');
  });

  it('refuses a subject that is neither mailto: nor https:, and origins that are not origins', () => {
    for (const subject of ['http://famjam.example', 'support@famjam.example', 'mailto:nobody']) {
      expect(failure({ ...emulator, FAMJAM_VAPID_SUBJECT: subject })).toMatch(
        /FAMJAM_VAPID_SUBJECT must be a mailto: address or an https: URL/,
      );
    }
    for (const origins of ['ftp://push.lan', 'http://push.lan/path', 'push.lan:80']) {
      expect(failure({ ...emulator, FAMJAM_PUSH_PRIVATE_ORIGINS: origins })).toMatch(
        /FAMJAM_PUSH_PRIVATE_ORIGINS must be http\(s\) origins/,
      );
    }
  });
});
