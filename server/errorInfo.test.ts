import { describe, expect, it } from 'vitest';
import { describeFailure, errorCode, firstLine, innermostCause } from './errorInfo.ts';

describe('errorInfo', () => {
  it('reads string codes from Node, pg and firebase-admin errors, and nothing else', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(errorCode({ code: 'auth/user-not-found' })).toBe('auth/user-not-found');
    expect(errorCode(Object.assign(new Error('x'), { code: 42 }))).toBe('');
    expect(errorCode('ECONNREFUSED')).toBe('');
  });

  it('keeps the first line of a message, never an empty one', () => {
    expect(firstLine(new Error('  cannot start  \nstack details'))).toBe('cannot start');
    expect(firstLine(new Error(''))).toBe('unknown error');
    expect(firstLine('plain text')).toBe('plain text');
  });

  it('describes a failure in one line, with the rest as details', () => {
    expect(describeFailure(new Error('emulator exited\n--- log ---\nport taken'))).toEqual({
      reason: 'emulator exited',
      details: '--- log ---\nport taken',
    });
    expect(
      describeFailure(
        Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 8080 }),
      ),
    ).toEqual({
      reason: 'port 8080 is already in use; stop the other program or set PORT to a free port',
      details: null,
    });
  });

  it("finds the driver's reason beneath a wrapper that only repeats the statement", () => {
    const refusal = new Error('value too long for type character varying(200)');
    const wrapped = new Error('Failed query: insert into "events" …', { cause: refusal });
    expect(innermostCause(wrapped)).toBe(refusal);
    expect(innermostCause(refusal)).toBe(refusal);
    expect(innermostCause('thrown text')).toBe('thrown text');
  });
});
