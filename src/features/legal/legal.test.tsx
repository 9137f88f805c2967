import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { testClientConfig } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { PrivacyPolicy } from './PrivacyPolicy.tsx';
import { TermsOfService } from './TermsOfService.tsx';

// A company other than the product's name, so the pages must take it from the served config.
const config: ClientConfig = {
  ...testClientConfig,
  legal: { company: 'Sunny Days Labs LLC', supportEmail: 'help@sunnydays.example' },
};

function withConfig(page: ReactNode) {
  return renderWithRouter(<ClientConfigProvider config={config}>{page}</ClientConfigProvider>);
}

const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');

function expectDatesAndContact() {
  expect(screen.getByText('Effective date:').nextSibling).toHaveTextContent('January 15, 2025');
  expect(screen.getByText('Last updated:').nextSibling).toHaveTextContent('January 15, 2025');
  const mailLinks = screen.getAllByRole('link', { name: 'help@sunnydays.example' });
  expect(mailLinks[0]).toHaveAttribute('href', 'mailto:help@sunnydays.example');
  expect(screen.getAllByText(/FamJam is provided by Sunny Days Labs LLC\./).length).toBeGreaterThan(
    0,
  );
}

describe('PrivacyPolicy', () => {
  it('has the title, dates, configured support address and company line', async () => {
    await withConfig(<PrivacyPolicy />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expectDatesAndContact();
  });

  it('covers data collection, advertising, children, rights, storage, retention and contact', async () => {
    await withConfig(<PrivacyPolicy />);
    const headings = sectionHeadings();
    for (const required of [
      'Information We Collect',
      'Advertising Disclosure',
      "Children's Privacy",
      'Your Rights and Choices',
      'Cookies and Local Storage',
      'Data Retention',
      'Contact Us',
    ]) {
      expect(headings.some((heading) => heading.includes(required))).toBe(true);
    }
  });

  it('states the under-13 parental-consent rule and the ad service on the home screen', async () => {
    await withConfig(<PrivacyPolicy />);
    const children = screen.getByRole('region', { name: /Children's Privacy/ });
    expect(children).toHaveTextContent(
      'We do not knowingly collect personal information from children under 13 without verifiable parental consent',
    );
    const ads = screen.getByRole('region', { name: /Advertising Disclosure/ });
    expect(ads).toHaveTextContent(/home screen contains advertising slots/);
    expect(ads).toHaveTextContent(/third-party ad service/);
    expect(ads).toHaveTextContent(/opt out of personalised ads/);
  });

  it('names what the app keeps on the device, Family Safe included, and what sign-out clears', async () => {
    await withConfig(<PrivacyPolicy />);
    const storage = screen.getByRole('region', { name: /Cookies and Local Storage/ });
    expect(storage).toHaveTextContent(
      'Your theme choice (famjam-theme), your Family Safe setting (famjam_family_mode) and your location.',
    );
    expect(storage).toHaveTextContent(
      'Signing out removes your profile copy, saved events and cached listings from the device and turns Family Safe mode back on.',
    );
  });

  it('lists every user right', async () => {
    await withConfig(<PrivacyPolicy />);
    const rights = within(screen.getByRole('region', { name: /Your Rights and Choices/ }));
    for (const right of [
      'Access',
      'Correct',
      'Delete',
      'Export',
      'Withdraw consent',
      'Opt out of personalised advertising',
    ]) {
      expect(rights.getByText(right)).toBeInTheDocument();
    }
  });

  it('links back home and jumps to sections from the table of contents', async () => {
    await withConfig(<PrivacyPolicy />);
    expect(screen.getByRole('link', { name: 'Back to FamJam' })).toHaveAttribute('href', '/');
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Data Retention' })).toHaveAttribute(
      'href',
      '#retention',
    );
  });
});

describe('company line', () => {
  it('does not double the full stop after a company name ending in one', async () => {
    await renderWithRouter(
      <ClientConfigProvider
        config={{ ...config, legal: { ...config.legal, company: 'FamJam, Inc.' } }}
      >
        <TermsOfService />
      </ClientConfigProvider>,
    );
    expect(screen.getAllByText('FamJam is provided by FamJam, Inc.').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Inc\.\./)).not.toBeInTheDocument();
  });
});

describe('TermsOfService', () => {
  it('has the title, dates, configured support address and company line', async () => {
    await withConfig(<TermsOfService />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expectDatesAndContact();
  });

  it('covers acceptance, accounts, acceptable use, liability, changes and contact', async () => {
    await withConfig(<TermsOfService />);
    const headings = sectionHeadings();
    for (const required of [
      'Acceptance of These Terms',
      'Your Account',
      'Acceptable Use',
      'Event Information Comes from Third Parties',
      'Limitation of Liability',
      'Changes to These Terms',
      'Contact Us',
    ]) {
      expect(headings.some((heading) => heading.includes(required))).toBe(true);
    }
  });

  it('says event information comes from third parties and must be checked with organisers', async () => {
    await withConfig(<TermsOfService />);
    const disclaimer = screen.getByRole('region', {
      name: /Event Information Comes from Third Parties/,
    });
    expect(disclaimer).toHaveTextContent(
      /come from organisers, venues, ticketing services and other third parties/,
    );
    expect(disclaimer).toHaveTextContent(
      'Always check the details with the organiser or venue before you go or buy tickets.',
    );
  });

  it('links to the privacy policy', async () => {
    const { currentPath } = await withConfig(<TermsOfService />);
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(currentPath()).toBe('/privacy-policy');
  });
});
