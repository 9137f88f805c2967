import { useState } from 'react';
import * as styles from './avatar.css.ts';
import { Icon } from './Icon.tsx';

export interface AvatarProps {
  photoURL?: string | null;
  /** Used for the initial when there is no photo (display name, else email). */
  name?: string | null;
  /** Diameter in px. */
  size?: number;
  className?: string;
}

/**
 * The user's photo, else their initial, else a person icon. Decorative: the button or heading
 * around it names the user. A broken photo URL falls back to the initial instead of a broken image.
 */
export function Avatar({ photoURL, name, size = 36, className }: AvatarProps) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const initial = name?.trim().charAt(0).toUpperCase();
  return (
    <span
      className={[styles.avatar, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.44) }}
      aria-hidden="true"
      data-testid="avatar"
    >
      {photoURL && !photoFailed ? (
        <img
          className={styles.image}
          src={photoURL}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setPhotoFailed(true)}
        />
      ) : initial ? (
        initial
      ) : (
        <Icon name="user" size={Math.round(size * 0.6)} />
      )}
    </span>
  );
}
