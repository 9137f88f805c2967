import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  ToggleButton,
  type ToggleButtonProps,
} from 'react-aria-components';
import { cx } from './cx.ts';
import { Icon, type IconName } from './Icon.tsx';
import { chipLabel, chipRecipe } from './surfaces.css.ts';

interface ChipContentProps {
  children: ReactNode;
  icon?: IconName;
  iconEnd?: IconName;
  compact?: boolean;
  className?: string;
}

function ChipContent({ icon, iconEnd, children }: Omit<ChipContentProps, 'compact' | 'className'>) {
  return (
    <>
      {icon ? <Icon name={icon} size={18} /> : null}
      <span className={chipLabel}>{children}</span>
      {iconEnd ? <Icon name={iconEnd} size={16} /> : null}
    </>
  );
}

export type ChipProps = Omit<AriaButtonProps, 'children' | 'className'> & ChipContentProps;

/** A pill-shaped action (the header's location chip, "Popular Searches"). */
export function Chip({ icon, iconEnd, compact, className, children, ...rest }: ChipProps) {
  return (
    <AriaButton {...rest} className={cx(chipRecipe({ compact }), className)}>
      <ChipContent icon={icon} iconEnd={iconEnd}>
        {children}
      </ChipContent>
    </AriaButton>
  );
}

export type ToggleChipProps = Omit<ToggleButtonProps, 'children' | 'className'> & ChipContentProps;

/** A selectable pill (date chips, category filters): aria-pressed reflects `isSelected`. */
export function ToggleChip({
  icon,
  iconEnd,
  compact,
  className,
  children,
  ...rest
}: ToggleChipProps) {
  return (
    <ToggleButton {...rest} className={cx(chipRecipe({ compact }), className)}>
      <ChipContent icon={icon} iconEnd={iconEnd}>
        {children}
      </ChipContent>
    </ToggleButton>
  );
}
