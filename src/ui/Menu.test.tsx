import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './Menu.tsx';

describe('Menu', () => {
  it('opens from its trigger, lists its items and reports the chosen one', async () => {
    const onAction = vi.fn();
    render(
      <MenuTrigger>
        <Button aria-label="Account menu">A</Button>
        <Menu onAction={onAction} header={<span>Ada Lovelace</span>}>
          <MenuItem id="profile" icon="user">
            Profile
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="sign-out" tone="danger">
            Sign Out
          </MenuItem>
        </Menu>
      </MenuTrigger>,
    );
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Sign Out',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(onAction.mock.calls[0]?.[0]).toBe('sign-out');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
