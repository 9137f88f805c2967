import type { CSSProperties } from 'react';
import { cx } from './cx.ts';
import { skeleton } from './surfaces.css.ts';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A loading placeholder block; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="skeleton"
      className={cx(skeleton, className)}
      style={{ width, height, borderRadius: radius }}
    />
  );
}
