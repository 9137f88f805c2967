import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  Popover,
  type PopoverProps,
  Separator,
} from 'react-aria-components';
import { cx } from './cx.ts';
import { Icon, type IconName } from './Icon.tsx';
import * as styles from './menu.css.ts';

export { MenuTrigger } from 'react-aria-components';

export interface MenuProps<T extends object> extends Omit<AriaMenuProps<T>, 'className'> {
  /** Shown above the items (the signed-in user's name and email). Not focusable. */
  header?: ReactNode;
  placement?: PopoverProps['placement'];
}

/** A dropdown menu in a popover; use inside `<MenuTrigger>` after its trigger button. */
export function Menu<T extends object>({
  header,
  placement = 'bottom end',
  ...rest
}: MenuProps<T>) {
  return (
    <Popover className={styles.popover} placement={placement} offset={8}>
      {header ? <div className={styles.header}>{header}</div> : null}
      <AriaMenu {...rest} className={styles.menu} />
    </Popover>
  );
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, 'className' | 'children'> {
  children: string;
  icon?: IconName;
  tone?: 'default' | 'danger';
}

export function MenuItem({ children, icon, tone = 'default', ...rest }: MenuItemProps) {
  return (
    <AriaMenuItem
      {...rest}
      textValue={children}
      className={cx(styles.item, tone === 'danger' && styles.dangerItem)}
    >
      {icon ? <Icon name={icon} size={20} /> : null}
      <span>{children}</span>
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
