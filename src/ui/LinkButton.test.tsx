import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IconLink, LinkButton, TextLink } from './LinkButton.tsx';
import { renderWithRouter } from './test-utils.tsx';

describe('router links', () => {
  it('LinkButton is a real link that navigates in the app', async () => {
    const { currentPath } = await renderWithRouter(
      <LinkButton to="/search" variant="secondary">
        See All
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'See All' });
    expect(link).toHaveAttribute('href', '/search');
    await userEvent.click(link);
    expect(currentPath()).toBe('/search');
  });

  it('IconLink is named by its label and TextLink by its text', async () => {
    const { currentPath } = await renderWithRouter(
      <>
        <IconLink to="/auth" icon="signIn" aria-label="Sign in" />
        <TextLink to="/privacy-policy">Privacy Policy</TextLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(currentPath()).toBe('/privacy-policy');
  });
});
