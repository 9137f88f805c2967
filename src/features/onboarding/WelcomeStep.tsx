import { Icon, type IconName } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './onboarding.css.ts';

const welcomeHighlights: { icon: IconName; text: () => string }[] = [
  { icon: 'sparkles', text: () => i18n.t('onboarding.welcome.kidsAges') },
  { icon: 'heart', text: () => i18n.t('onboarding.welcome.music') },
  { icon: 'mapPin', text: () => i18n.t('onboarding.welcome.nearYou') },
];

/** Welcome's body: what onboarding is for, in three lines. */
export function WelcomeStep() {
  return (
    <ul className={styles.highlights}>
      {welcomeHighlights.map(({ icon, text }) => (
        <li key={icon} className={styles.highlight}>
          <span className={styles.highlightIcon}>
            <Icon name={icon} size={22} />
          </span>
          {text()}
        </li>
      ))}
    </ul>
  );
}
