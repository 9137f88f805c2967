import { useRef } from 'react';
import { Button, useToast } from '../../ui/index.ts';
import * as styles from './home.css.ts';
import { i18n } from './messages.ts';
import { ShakeActor } from './shakeActor.ts';
import {
  HOME_SHAKE_DEBOUNCE_MS,
  HOME_SHAKE_THRESHOLD,
  motionNeedsPermission,
  requestMotionPermission,
  useShakeDetector,
} from './shakeDetector.ts';

/** Said when the phone refused motion access: the button still picks. */
function shakingOffToast() {
  return {
    title: i18n.t('home.shake.offTitle'),
    description: i18n.t('home.shake.offDescription', { button: i18n.t('home.hero.shake') }),
  };
}

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
        if (answer === 'denied') showToast(shakingOffToast());
      });
    }
    shake.send({ type: 'user.shake' });
  }

  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <img className={styles.heroArt} src="/images/hero-dice.svg" alt="" />
      <h1 id="hero-title" className={styles.heroTitle}>
        {i18n.t('home.hero.title')}
      </h1>
      <p className={styles.heroText}>{i18n.t('home.hero.text')}</p>
      <Button size="lg" icon="sparkles" onPress={tapToShake} isPending={busy}>
        {i18n.t('home.hero.shake')}
      </Button>
    </section>
  );
}
