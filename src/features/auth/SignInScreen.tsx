import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, Fragment, useId, useState } from 'react';
import { useAuth } from '../../app/auth.tsx';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import { labelledDivider } from '../../styles/utilities.css.ts';
import {
  Button,
  Icon,
  type IconName,
  Stack,
  TextField,
  TextLink,
  useAlert,
} from '../../ui/index.ts';
import { LogoMark } from '../../ui/Logo.tsx';
import { comingSoonMessage, friendlyAuthError, googleSignInErrorMessage } from './authErrors.ts';
import { AppleMark, GoogleMark, InstagramMark } from './BrandIcons.tsx';
import { type Mode, ModeSwitch } from './ModeSwitch.tsx';
import { i18n } from './messages.ts';
import * as styles from './signIn.css.ts';

/**
 * The Auth emulator keeps passwords in plain text (and `npm start` exports them to .data/auth),
 * so someone creating an account there must not reuse a real password.
 */
const localTestAccountNote = () => i18n.t('auth.form.testAccountNote');

/** The tiles under the welcome; their texts are read as the screen renders. */
const features: ReadonlyArray<{ icon: IconName; title: () => string; text: () => string }> = [
  {
    icon: 'compass',
    title: () => i18n.t('auth.features.discoverTitle'),
    text: () => i18n.t('auth.features.discoverText'),
  },
  {
    icon: 'shield',
    title: () => i18n.t('auth.features.familySafeTitle'),
    text: () => i18n.t('auth.features.familySafeText'),
  },
  {
    icon: 'sparkles',
    title: () => i18n.t('auth.features.shakeTitle'),
    text: () => i18n.t('auth.features.shakeText'),
  },
  {
    icon: 'heart',
    title: () => i18n.t('auth.features.saveTitle'),
    text: () => i18n.t('auth.features.saveText'),
  },
];

/** Where the legal links go in their sentence: characters no translation has. */
const TERMS = '\u2063T\u2063';
const PRIVACY = '\u2063P\u2063';

/**
 * 'By continuing you agree to our Terms of Service and Privacy Policy.': one sentence for the
 * translator, with each link wherever the language puts it.
 */
function LegalNote() {
  const sentence = i18n.t('auth.legal.sentence', { terms: TERMS, privacy: PRIVACY });
  return sentence.split(/(\u2063[TP]\u2063)/).map((part, index) => {
    const key = `${index}-${part}`;
    if (part === TERMS) {
      return (
        <TextLink key={key} to="/terms-of-service">
          {i18n.t('auth.legal.terms')}
        </TextLink>
      );
    }
    if (part === PRIVACY) {
      return (
        <TextLink key={key} to="/privacy-policy">
          {i18n.t('auth.legal.privacy')}
        </TextLink>
      );
    }
    return <Fragment key={key}>{part}</Fragment>;
  });
}

/**
 * docs/product.md#spec-2, sign-in screen. Where the user lands afterwards:
 * - Create Account goes straight to /onboarding: a brand-new account never has a user record.
 *   The page the visitor was going to (`?redirect=`) goes along, for onboarding to finish on.
 * - Sign In (email or Google) lets the auth gate decide: / when the user record exists, otherwise
 *   /onboarding. This refines the spec's "after email authentication it goes to /onboarding",
 *   which would send every returning user through onboarding again.
 * Already signed-in visitors never see this screen: the gate redirects them away from /auth.
 */
export function SignInScreen() {
  const { signInWithEmail, createAccount, signInWithGoogle } = useAuth();
  const onEmulator = useClientConfig().authEmulator;
  const showAlert = useAlert();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const formHeadingId = useId();

  const isCreate = mode === 'createAccount';
  const showTestAccountNote = isCreate && onEmulator;
  const testAccountNoteId = useId();
  // docs/product.md#spec-5: both fields required; otherwise the button is disabled and nothing is sent.
  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    try {
      if (isCreate) {
        await createAccount(email.trim(), password);
        // Where the visitor was going before the gate sent them here goes along for onboarding
        // to finish on; /onboarding's validateSearch checks it again.
        await navigate({
          to: '/onboarding',
          search: (current) => ({ redirect: current.redirect }),
        });
      } else {
        await signInWithEmail(email.trim(), password);
      }
    } catch (error) {
      showAlert(friendlyAuthError(error));
    } finally {
      setBusy(false);
    }
  }

  async function handleGoogle() {
    setGoogleBusy(true);
    try {
      await signInWithGoogle();
    } catch (error) {
      const message = googleSignInErrorMessage(error);
      if (message) showAlert(message);
    } finally {
      setGoogleBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <header className={styles.hero}>
          <span className={styles.logoMark}>
            <LogoMark size={64} />
          </span>
          <h1 className={styles.title}>{i18n.t('auth.hero.title', { product: PRODUCT_NAME })}</h1>
          <p className={styles.pitch}>{i18n.t('auth.hero.pitch')}</p>
        </header>

        <ul
          className={styles.features}
          aria-label={i18n.t('auth.features.label', { product: PRODUCT_NAME })}
        >
          {features.map((feature) => (
            <li key={feature.icon} className={styles.feature}>
              <span className={styles.featureIcon}>
                <Icon name={feature.icon} size={20} />
              </span>
              <span className={styles.featureText}>
                <strong className={styles.featureTitle}>{feature.title()}</strong>
                <span className={styles.featureDetail}>{feature.text()}</span>
              </span>
            </li>
          ))}
        </ul>

        <section className={styles.formCard} aria-labelledby={formHeadingId}>
          <ModeSwitch mode={mode} onChange={setMode} isDisabled={busy} />

          <h2 id={formHeadingId} className={styles.formTitle}>
            {isCreate ? i18n.t('auth.form.createTitle') : i18n.t('auth.form.signInTitle')}
          </h2>

          <form className={styles.form} onSubmit={handleSubmit} noValidate>
            <TextField
              label={i18n.t('auth.form.email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={i18n.t('auth.form.emailPlaceholder')}
              icon="mail"
              value={email}
              onChange={setEmail}
              isDisabled={busy}
            />
            <TextField
              label={i18n.t('auth.form.password')}
              type="password"
              name="password"
              autoComplete={isCreate ? 'new-password' : 'current-password'}
              placeholder={
                isCreate
                  ? i18n.t('auth.form.newPasswordPlaceholder')
                  : i18n.t('auth.form.passwordPlaceholder')
              }
              // Linked by id rather than the field's description: react-aria only links a
              // description that is there on first render, and this one comes with the mode.
              aria-describedby={showTestAccountNote ? testAccountNoteId : undefined}
              revealable
              value={password}
              onChange={setPassword}
              isDisabled={busy}
            />
            {showTestAccountNote ? (
              <p id={testAccountNoteId} className={styles.testAccountNote}>
                <Icon name="info" size={16} />
                <span>{localTestAccountNote()}</span>
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              fullWidth
              isDisabled={!busy && !canSubmit}
              isPending={busy}
            >
              {isCreate ? i18n.t('auth.mode.createAccount') : i18n.t('auth.mode.signIn')}
            </Button>
          </form>

          <p className={labelledDivider}>
            <span>{i18n.t('auth.providers.orContinueWith')}</span>
          </p>

          <Stack space="3">
            <Button
              variant="outline"
              fullWidth
              isPending={googleBusy}
              isDisabled={busy}
              onPress={handleGoogle}
            >
              <span className={styles.brandLabel}>
                {googleBusy ? null : <GoogleMark />}
                {i18n.t('auth.providers.google')}
              </span>
            </Button>
            <div className={styles.providerRow}>
              <Button variant="outline" onPress={() => showAlert(comingSoonMessage('Apple'))}>
                <span className={styles.brandLabel}>
                  <AppleMark />
                  Apple
                </span>
              </Button>
              <Button variant="outline" onPress={() => showAlert(comingSoonMessage('Instagram'))}>
                <span className={styles.brandLabel}>
                  <InstagramMark />
                  Instagram
                </span>
              </Button>
            </div>
          </Stack>

          <LanguagePicker />
        </section>

        <p className={styles.legal}>
          <LegalNote />
        </p>
      </div>
    </main>
  );
}
