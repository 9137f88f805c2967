import { describe, expect, it } from 'vitest';
import { messagesIn } from '../i18n.ts';
import { unverifiedEmailRefusal } from './auth.ts';

describe('unverifiedEmailRefusal', () => {
  it('refuses an unverified email with a real Firebase project, naming the address', () => {
    expect(
      unverifiedEmailRefusal('project', { email: 'Sam@Example.com', email_verified: false }),
    ).toBe(
      'Verify your email address first: open the link we sent to sam@example.com, then sign in again.',
    );
  });

  it('refuses a real-project token that does not say whether the email is verified', () => {
    expect(unverifiedEmailRefusal('project', { email: 'sam@example.com' })).not.toBeNull();
  });

  it('accepts a verified email with a real Firebase project', () => {
    expect(
      unverifiedEmailRefusal('project', { email: 'sam@example.com', email_verified: true }),
    ).toBeNull();
  });

  it('accepts unverified emails from the Auth emulator, whose sign-up never verifies', () => {
    expect(
      unverifiedEmailRefusal('emulator', { email: 'sam@example.com', email_verified: false }),
    ).toBeNull();
  });

  it('leaves a token without an email to the routes, which refuse it with their own message', () => {
    expect(unverifiedEmailRefusal('project', {})).toBeNull();
  });
});

describe('the unverified-email refusal in Spanish', () => {
  it('is the same sentence in the Spanish catalogue, naming the address', () => {
    expect(messagesIn('es').t('server.error.auth.verifyEmail', { email: 'sam@example.com' })).toBe(
      'Primero confirma tu correo electrónico: abre el enlace que te enviamos a sam@example.com y vuelve a iniciar sesión.',
    );
  });
});
