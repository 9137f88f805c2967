import type { ClientConfig } from '../../contract/config.ts';
import type { UserRecord } from '../../contract/user.ts';

/** A complete user record as GET /api/users/by-email returns it, for tests that need one. */
export const samUserRecord: UserRecord = {
  id: 'u1',
  email: 'sam@example.com',
  name: 'Sam',
  familySituation: 'teens',
  musicPreferences: ['Jazz'],
  location: 'Oakland, CA',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** What GET /api/config serves in tests: a demo Firebase project, no emulator. */
export const testClientConfig: ClientConfig = {
  firebase: { apiKey: 'fake', authDomain: 'demo-famjam.firebaseapp.com', projectId: 'demo-famjam' },
  authEmulatorUrl: null,
  legal: { company: 'FamJam Inc.', supportEmail: 'support@famjam.test' },
};
