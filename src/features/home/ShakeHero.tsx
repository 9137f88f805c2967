import { useRef } from 'react';
import { Button, useToast } from '../../ui/index.ts';
import * as styles from './home.css.ts';
import { ShakeActor } from './shakeActor.ts';
import {
  HOME_SHAKE_DEBOUNCE_MS,
  HOME_SHAKE_THRESHOLD,
  motionNeedsPermission,
  requestMotionPermission,
  useShakeDetector,
} from './shakeDetector.ts';

const SHAKING_OFF_TOAST = {
  title: 'Shaking is off',
  description: 'Motion access was not allowed. Tap “Tap to Shake” whenever you want a pick.',
};

/** docs/product.md#spec-2-home: the hero with 'Tap to Shake'; a shake of the phone does the same. */
export function ShakeHero() {
  const shake = ShakeActor.useActorRef();
  const busy = ShakeActor.useSelector((state) => state.matches('discovering'));
  const showToast = useToast();
  const askedForMotion = useRef(false);

  useShakeDetector(() => shake.send({ type: 'device.motion' }), {
    threshold: HOME_SHAKE_THRESHOLD,
    debounceMs: HOME_SHAKE_DEBOUNCE_MS,
  });

  function tapToShake() {
    // iOS grants motion only to a request made inside a tap; the first tap asks, once.
    if (!askedForMotion.current && motionNeedsPermission()) {
      askedForMotion.current = true;
      void requestMotionPermission().then((answer) => {
        if (answer === 'denied') showToast(SHAKING_OFF_TOAST);
      });
    }
    shake.send({ type: 'user.shake' });
  }

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <img className={styles.heroArt} src="/images/hero-dice.svg" alt="" />
      <h1 id="hero-title" className={styles.heroTitle}>
        What should we do today?
      </h1>
      <p className={styles.heroText}>
        Shake your phone or tap below and we'll pick something fun nearby.
      </p>
      <Button size="lg" icon="sparkles" onPress={tapToShake} isPending={busy}>
        Tap to Shake
      </Button>
    </section>
  );
}
