import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { changeLocale } from '../../i18n/i18n.ts';
import { testClientConfig } from '../../test/fixtures.ts';
import { AdSlot } from './AdSlot.tsx';

beforeEach(async () => {
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('AdSlot in Spanish', () => {
  it("is labelled 'Publicidad'", () => {
    const ads = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };
    render(
      <ClientConfigProvider config={{ ...testClientConfig, ads }}>
        <AdSlot slot="home" />
      </ClientConfigProvider>,
    );
    expect(screen.getByRole('complementary', { name: 'Publicidad' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\bads\.[a-z]+\.[a-zA-Z]/);
  });
});
