import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import type { AuthContextValue } from '../../app/auth.tsx';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { changeLocale, LOCALE_STORAGE_KEY } from '../../i18n/i18n.ts';
import { LocaleRemount } from '../../i18n/useLocale.tsx';
import { testClientConfig } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { SignInScreen } from './SignInScreen.tsx';

const auth = vi.hoisted(() => ({
  signInWithEmail: vi.fn<AuthContextValue['signInWithEmail']>(),
  createAccount: vi.fn<AuthContextValue['createAccount']>(),
  signInWithGoogle: vi.fn<AuthContextValue['signInWithGoogle']>(),
}));

vi.mock('../../app/auth.tsx', () => ({
  useAuth: (): AuthContextValue => ({
    user: null,
    loading: false,
    signOut: vi.fn(),
    ...auth,
  }),
}));

function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

/** Served by a server on the Auth emulator: its accounts are local test accounts. */
const emulatorClientConfig: ClientConfig = {
  ...testClientConfig,
  authEmulator: true,
};

/**
 * The sign-in screen at /auth in a memory router that also knows /onboarding, with the client
 * config of a real Firebase project unless told otherwise.
 */
async function renderSignIn(config: ClientConfig = testClientConfig, path = '/auth') {
  const rendered = await renderWithRouter(
    <ClientConfigProvider config={config}>
      <SignInScreen />
    </ClientConfigProvider>,
    { path },
  );
  await screen.findByRole('heading', { name: 'Welcome to FamJam' });
  return { ...rendered, user: userEvent.setup() };
}

/** The form's submit button; the mode switch's options are radios, so the name is unique. */
function submitButton(name: 'Sign In' | 'Create Account') {
  return screen.getByRole('button', { name });
}

async function expectAlert(message: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText(message)).toBeVisible();
}

beforeEach(() => {
  auth.signInWithEmail.mockReset();
  auth.createAccount.mockReset();
  auth.signInWithGoogle.mockReset();
});

describe('SignInScreen', () => {
  it('shows the welcome text and the feature tiles', async () => {
    await renderSignIn();
    expect(screen.getByText(/Find family-friendly events/)).toBeVisible();
    const tiles = within(screen.getByRole('list', { name: 'Why families use FamJam' }));
    for (const title of [
      'Discover nearby events',
      'Family Safe mode',
      'Shake to discover',
      'Save favourites',
    ]) {
      expect(tiles.getByText(title)).toBeVisible();
    }
  });

  it('keeps the button disabled and sends nothing until both fields are filled', async () => {
    const { user } = await renderSignIn();
    const button = submitButton('Sign In');
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    expect(button).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(auth.signInWithEmail).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect(button).toBeEnabled();

    await user.clear(screen.getByLabelText('Email'));
    expect(button).toBeDisabled();
  });

  it('signs in with the typed email and password', async () => {
    auth.signInWithEmail.mockResolvedValue();
    const { user, currentPath } = await renderSignIn();
    await user.type(screen.getByLabelText('Email'), ' sam@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Sign In'));

    expect(auth.signInWithEmail).toHaveBeenCalledWith('sam@example.com', 'secret1');
    expect(auth.createAccount).not.toHaveBeenCalled();
    // Where a returning user lands is the auth gate's decision, not the form's.
    expect(currentPath()).toBe('/auth');
  });

  it('toggles to Create Account, creates the account and goes to /onboarding', async () => {
    auth.createAccount.mockResolvedValue();
    const { user, currentPath } = await renderSignIn();

    await user.click(screen.getByRole('radio', { name: 'Create Account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');

    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Create Account'));

    expect(auth.createAccount).toHaveBeenCalledWith('new@example.com', 'secret1');
    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
  });

  it('takes the page the visitor was going to along to /onboarding', async () => {
    auth.createAccount.mockResolvedValue();
    const { user, router, currentPath } = await renderSignIn(
      testClientConfig,
      '/auth?redirect=%2Fevent%2Fe1%3Fref%3Dshare',
    );
    await user.click(screen.getByRole('radio', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Create Account'));

    await waitFor(() => expect(currentPath()).toBe('/onboarding'));
    expect(router.state.location.search).toEqual({ redirect: '/event/e1?ref=share' });
  });

  describe('the local-test-account note', () => {
    const note =
      "This is a local test account: passwords are stored unencrypted on this computer. Don't use a real password.";

    it('shows under the password on Create Account in emulator mode, and not on Sign In', async () => {
      const { user } = await renderSignIn(emulatorClientConfig);
      expect(screen.queryByText(note)).toBeNull();

      await user.click(screen.getByRole('radio', { name: 'Create Account' }));
      expect(screen.getByText(note)).toBeVisible();
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(note);

      await user.click(screen.getByRole('radio', { name: 'Sign In' }));
      expect(screen.queryByText(note)).toBeNull();
    });

    it('is not shown with a real Firebase project', async () => {
      const { user } = await renderSignIn(testClientConfig);
      await user.click(screen.getByRole('radio', { name: 'Create Account' }));
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      expect(screen.queryByText(/local test account/)).toBeNull();
      expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
    });
  });

  it('toggles back to Sign In', async () => {
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('radio', { name: 'Create Account' }));
    await user.click(screen.getByRole('radio', { name: 'Sign In' }));
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    expect(submitButton('Sign In')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await renderSignIn();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('is busy while submitting: the button shows progress and cannot send twice', async () => {
    let finish: () => void = () => undefined;
    auth.signInWithEmail.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = await renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Sign In'));

    const button = submitButton('Sign In');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(within(button).getByTestId('spinner')).toBeInTheDocument();
    await user.click(button);
    expect(auth.signInWithEmail).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  });

  it.each([
    [
      'auth/invalid-credential',
      "That email and password don't match an account. Check them and try again, or create an account.",
    ],
    [
      'auth/email-already-in-use',
      'An account with this email already exists. Sign in instead, or use another email.',
    ],
    ['auth/weak-password', 'That password is too weak. Use at least 6 characters.'],
    ['auth/invalid-email', "That email address doesn't look right. Check it and try again."],
    [
      'auth/too-many-requests',
      'Too many attempts. Please wait a few minutes before trying again, or reset your password.',
    ],
    [
      'auth/network-request-failed',
      "We couldn't reach the sign-in service. Check your internet connection and try again.",
    ],
    ['auth/internal-error', 'Authentication failed. Please try again.'],
  ])('alerts a friendly text for %s and clears the busy state', async (code, message) => {
    auth.signInWithEmail.mockRejectedValue(firebaseError(code));
    const { user } = await renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Sign In'));

    await expectAlert(message);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const button = submitButton('Sign In');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('falls back to the generic text for an error without a code', async () => {
    auth.createAccount.mockRejectedValue(new Error('socket hang up'));
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('radio', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton('Create Account'));

    await expectAlert('Authentication failed. Please try again.');
  });

  it('signs in with Google and alerts the spec text when that fails', async () => {
    auth.signInWithGoogle.mockRejectedValue(firebaseError('auth/operation-not-allowed'));
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
    await expectAlert(
      'Sign-in failed. Please check that Google authentication is enabled in your Firebase project.',
    );
  });

  it('tells the user to allow pop-ups when the browser blocked the Google window', async () => {
    auth.signInWithGoogle.mockRejectedValue(firebaseError('auth/popup-blocked'));
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await expectAlert(
      'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    );
    expect(screen.queryByText(/Google authentication is enabled/)).not.toBeInTheDocument();
  });

  it('says Google could not be reached when the network is down, not that the project is wrong', async () => {
    auth.signInWithGoogle.mockRejectedValue(firebaseError('auth/network-request-failed'));
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await expectAlert(
      'Sign-in failed. Google could not be reached: check your internet connection and try again.',
    );
    expect(screen.queryByText(/Firebase project/)).not.toBeInTheDocument();
  });

  it('does not alert when the user closes the Google popup', async () => {
    auth.signInWithGoogle.mockRejectedValue(firebaseError('auth/popup-closed-by-user'));
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue with Google' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each(['Apple', 'Instagram'])('announces that %s sign-in is coming soon', async (provider) => {
    const { user } = await renderSignIn();
    await user.click(screen.getByRole('button', { name: provider }));
    await expectAlert(
      `${provider} authentication coming soon! For now, please use Google sign-in.`,
    );
  });
});

describe('SignInScreen in Spanish', () => {
  afterEach(async () => {
    await changeLocale('en');
    localStorage.removeItem(LOCALE_STORAGE_KEY);
  });

  const noIdLeaks = () => expect(document.body.textContent).not.toMatch(/\bauth\.[a-z]+\.[a-zA-Z]/);

  /** As the app has it (src/app/providers.tsx): a change of language renders the screen again. */
  async function renderSwitchable() {
    const rendered = await renderWithRouter(
      <ClientConfigProvider config={testClientConfig}>
        <LocaleRemount>
          <SignInScreen />
        </LocaleRemount>
      </ClientConfigProvider>,
      { path: '/auth' },
    );
    return { ...rendered, user: userEvent.setup() };
  }

  it('choosing Español on the sign-in screen turns it Spanish and keeps the choice on the device', async () => {
    const { user } = await renderSwitchable();
    const languages = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(languages).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(languages).getByRole('radio', { name: 'Español' }));

    expect(
      await screen.findByRole('heading', { name: 'Te damos la bienvenida a FamJam' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    noIdLeaks();
  });

  it('speaks Spanish throughout: the fields, Google, the legal links and the errors', async () => {
    await act(() => changeLocale('es'));
    auth.signInWithEmail.mockRejectedValue(firebaseError('auth/invalid-credential'));
    const { user } = await renderSwitchable();
    const modes = screen.getByRole('radiogroup', {
      name: 'Elige entre iniciar sesión y crear una cuenta',
    });
    expect(within(modes).getByRole('radio', { name: 'Iniciar sesión' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Por qué las familias usan FamJam' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Términos del servicio' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByText(/^Al continuar, aceptas nuestros/)).toBeVisible();

    await user.click(within(modes).getByRole('radio', { name: 'Crear cuenta' }));
    expect(screen.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    await user.click(within(modes).getByRole('radio', { name: 'Iniciar sesión' }));

    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'sam@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await expectAlert(
      'Ese correo y esa contraseña no coinciden con ninguna cuenta. Revísalos e inténtalo de nuevo, o crea una cuenta.',
    );
    noIdLeaks();
  });
});
