import { PRODUCT_NAME } from '../domain/constants.ts';
import * as styles from './logo.css.ts';

/** The mark: a heart with a spark on a rounded tile, drawn in theme colours (public/favicon.svg). */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg
      className={styles.logoMark}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <rect className={styles.logoTile} width="48" height="48" rx="14" />
      <path
        className={styles.logoHeart}
        d="M24 37.5c-.6 0-1.2-.2-1.7-.6C15.7 31.6 11 27.4 11 21.6 11 17.4 14.1 14 18.2 14c2.4 0 4.5 1.2 5.8 3.1 1.3-1.9 3.4-3.1 5.8-3.1 4.1 0 7.2 3.4 7.2 7.6 0 5.8-4.7 10-11.3 15.3-.5.4-1.1.6-1.7.6Z"
      />
      <path
        className={styles.logoSpark}
        d="M37 6.5l1.2 3.3 3.3 1.2-3.3 1.2L37 15.5l-1.2-3.3-3.3-1.2 3.3-1.2Z"
      />
    </svg>
  );
}

/** "FamJam" with its second syllable in the accent; reads as one word to screen readers. */
export function Wordmark() {
  const split = Math.ceil(PRODUCT_NAME.length / 2);
  return (
    <span className={styles.wordmark}>
      {PRODUCT_NAME.slice(0, split)}
      <span className={styles.wordmarkAccent}>{PRODUCT_NAME.slice(split)}</span>
    </span>
  );
}
