import { useAuth } from '../../app/auth.tsx';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './onboarding.css.ts';
import type { StepBodyProps } from './stepBody.ts';

/** Where the address goes in the sentence that names it: a character no translation has. */
const ADDRESS = '\u2063';

/** "Check your inbox" (the API refused an unverified address): "I've verified it" and Resend. */
export function VerifyEmailStep({ snapshot, actor }: StepBodyProps) {
  const { user } = useAuth();
  // One sentence for the translator, the address in bold wherever the language puts it.
  const [before, after] = i18n
    .t('onboarding.verifyEmail.linkGoesTo', { email: ADDRESS })
    .split(ADDRESS);
  return (
    <div className={styles.services}>
      {user?.email ? (
        <p className={formStyles.statusLine}>
          {before}
          <strong>{user.email}</strong>
          {after}
        </p>
      ) : null}
      <Button
        size="lg"
        fullWidth
        isPending={snapshot.matches({ verifyEmail: 'checking' })}
        onPress={() => actor.send({ type: 'user.checkVerified' })}
      >
        {i18n.t('onboarding.verifyEmail.verified')}
      </Button>
      <Button
        variant="secondary"
        fullWidth
        icon="mail"
        isPending={snapshot.matches({ verifyEmail: 'resending' })}
        onPress={() => actor.send({ type: 'user.resend' })}
      >
        {i18n.t('onboarding.verifyEmail.resend')}
      </Button>
    </div>
  );
}
