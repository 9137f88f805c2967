import { useAuth } from '../../app/auth.tsx';
import * as formStyles from '../../ui/formSection.css.ts';
import { Button } from '../../ui/index.ts';
import * as styles from './onboarding.css.ts';
import type { StepBodyProps } from './stepBody.ts';

/** "Check your inbox" (the API refused an unverified address): "I've verified it" and Resend. */
export function VerifyEmailStep({ snapshot, actor }: StepBodyProps) {
  const { user } = useAuth();
  return (
    <div className={styles.services}>
      {user?.email ? (
        <p className={formStyles.statusLine}>
          The link goes to <strong>{user.email}</strong>.
        </p>
      ) : null}
      <Button
        size="lg"
        fullWidth
        isPending={snapshot.matches({ verifyEmail: 'checking' })}
        onPress={() => actor.send({ type: 'user.checkVerified' })}
      >
        I've verified it
      </Button>
      <Button
        variant="secondary"
        fullWidth
        icon="mail"
        isPending={snapshot.matches({ verifyEmail: 'resending' })}
        onPress={() => actor.send({ type: 'user.resend' })}
      >
        Resend email
      </Button>
    </div>
  );
}
