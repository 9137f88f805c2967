import { spinnerStyle } from './button.css.ts';

export interface SpinnerProps {
  /** Diameter in px. */
  size?: number;
  className?: string;
}

/** Decorative on its own: put it next to visible text or inside a role="status" region. */
export function Spinner({ size = 24, className }: SpinnerProps) {
  return (
    <svg
      className={[spinnerStyle, className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      data-testid="spinner"
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.22" strokeWidth="3" />
      <path
        d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
