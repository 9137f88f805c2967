import { Icon, type IconName } from '../../ui/index.ts';
import * as styles from './onboarding.css.ts';

const welcomeHighlights: { icon: IconName; text: string }[] = [
  { icon: 'sparkles', text: "Events that fit your kids' ages" },
  { icon: 'heart', text: 'Concerts and shows in the music you love' },
  { icon: 'mapPin', text: 'All of it near you' },
];

/** Welcome's body: what onboarding is for, in three lines. */
export function WelcomeStep() {
  return (
    <ul className={styles.highlights}>
      {welcomeHighlights.map(({ icon, text }) => (
        <li key={text} className={styles.highlight}>
          <span className={styles.highlightIcon}>
            <Icon name={icon} size={22} />
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}
