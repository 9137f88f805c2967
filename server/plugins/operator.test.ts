import { describe, expect, it } from 'vitest';
import type { FirebaseConfig } from '../config.ts';
import { isOperator } from './operator.ts';

const project = { mode: 'project' } as FirebaseConfig;
const emulator = { mode: 'emulator' } as FirebaseConfig;
const operatorEmails = ['ops@famjam.example'];
const listed = { uid: 'u1', email: 'ops@famjam.example', operatorClaim: false };

describe('isOperator', () => {
  it('counts a listed email only once it is verified, with a real Firebase project', () => {
    const config = { operatorEmails, firebase: project };
    expect(isOperator(config, { ...listed, emailVerified: true })).toBe(true);
    expect(isOperator(config, { ...listed, emailVerified: false })).toBe(false);
  });

  it('counts a listed email in emulator mode, where every email counts as verified', () => {
    const config = { operatorEmails, firebase: emulator };
    expect(isOperator(config, { ...listed, emailVerified: false })).toBe(true);
  });

  it('refuses emails that are not listed, and accounts without an email', () => {
    const config = { operatorEmails, firebase: emulator };
    const other = { uid: 'u2', email: 'parent@example.com', emailVerified: true };
    expect(isOperator(config, { ...other, operatorClaim: false })).toBe(false);
    expect(
      isOperator(config, { uid: 'u3', email: '', emailVerified: false, operatorClaim: false }),
    ).toBe(false);
  });

  it('lets an account with the operator claim through, whatever its email', () => {
    const config = { operatorEmails: [], firebase: project };
    const user = { uid: 'u4', email: 'x@example.com', emailVerified: false };
    expect(isOperator(config, { ...user, operatorClaim: true })).toBe(true);
    expect(isOperator(config, { ...user, operatorClaim: false })).toBe(false);
  });
});
