import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
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

export type ToggleChipProps = Omit<ChipProps, 'onPress'> & {
  isSelected: boolean;
  /** Called with the state a press asks for: the opposite of `isSelected`. */
  onChange: (isSelected: boolean) => void;
};

/**
 * A selectable pill (date chips, category filters): aria-pressed reflects `isSelected`.
 *
 * A Button with `aria-pressed` rather than react-aria's ToggleButton: that module brings its
 * group's toolbar and the focus-scope code with it, and every first screen
 * has chips. Always controlled, which is how every screen uses it.
 */
export function ToggleChip({
  isSelected,
  onChange,
  icon,
  iconEnd,
  compact,
  className,
  children,
  ...rest
}: ToggleChipProps) {
  return (
    <AriaButton
      {...rest}
      aria-pressed={isSelected}
      data-selected={isSelected || undefined}
      onPress={() => onChange(!isSelected)}
      className={cx(chipRecipe({ compact }), className)}
    >
      <ChipContent icon={icon} iconEnd={iconEnd}>
        {children}
      </ChipContent>
    </AriaButton>
  );
}
