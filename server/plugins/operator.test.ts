import { describe, expect, it } from 'vitest';
import type { FirebaseConfig } from '../config.ts';
import { isOperator } from './operator.ts';

/** An unsigned token carrying `claims`, shaped as Firebase's (header.payload.signature). */
function tokenWith(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'none' })}.${part(claims)}.`;
}

const project = { mode: 'project' } as FirebaseConfig;
const emulator = { mode: 'emulator' } as FirebaseConfig;
const operatorEmails = ['ops@famjam.example'];
const listed = { uid: 'u1', email: 'ops@famjam.example' };

describe('isOperator', () => {
  it('counts a listed email only once it is verified, with a real Firebase project', () => {
    const config = { operatorEmails, firebase: project };
    expect(isOperator(config, { ...listed, emailVerified: true }, tokenWith({}))).toBe(true);
    expect(isOperator(config, { ...listed, emailVerified: false }, tokenWith({}))).toBe(false);
  });

  it('counts a listed email in emulator mode, where every email counts as verified', () => {
    const config = { operatorEmails, firebase: emulator };
    expect(isOperator(config, { ...listed, emailVerified: false }, tokenWith({}))).toBe(true);
  });

  it('refuses emails that are not listed, and accounts without an email', () => {
    const config = { operatorEmails, firebase: emulator };
    const other = { uid: 'u2', email: 'parent@example.com', emailVerified: true };
    expect(isOperator(config, other, tokenWith({}))).toBe(false);
    expect(isOperator(config, { uid: 'u3', email: '', emailVerified: false }, undefined)).toBe(
      false,
    );
  });

  it('lets the custom claim operator: true through, and only exactly true', () => {
    const config = { operatorEmails: [], firebase: project };
    const user = { uid: 'u4', email: 'x@example.com', emailVerified: false };
    expect(isOperator(config, user, tokenWith({ operator: true }))).toBe(true);
    expect(isOperator(config, user, tokenWith({ operator: 'true' }))).toBe(false);
    expect(isOperator(config, user, tokenWith({ operator: false }))).toBe(false);
    expect(isOperator(config, user, 'Bearer not-a-jwt')).toBe(false);
    expect(isOperator(config, user, 'Bearer a.%%%.b')).toBe(false);
  });
});
