import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../contract/config.ts';
import { ClientConfigProvider } from '../../app/clientConfig.tsx';
import { LEGAL_EFFECTIVE_DATE, PRODUCT_NAME } from '../../domain/constants.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { testClientConfig } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { type LegalContext, LegalPage } from './LegalDocument.tsx';
import { privacyPolicyEs } from './PrivacyPolicy.es.tsx';
import { PrivacyPolicy, privacyPolicy, privacyPolicyEn } from './PrivacyPolicy.tsx';
import { TermsOfService, termsOfService } from './TermsOfService.tsx';

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

describe('in English', () => {
  it('shows the English documents alone: no translation notice, marked as English', async () => {
    await withConfig(<PrivacyPolicy />);
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('in Spanish', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  const noIdLeaks = () =>
    expect(document.body.textContent).not.toMatch(/\blegal\.[a-z]+\.?[a-zA-Z]/);

  it('shows the Spanish privacy policy under a notice that the English is binding', async () => {
    await act(() => changeLocale('es'));
    await withConfig(<PrivacyPolicy />);

    expect(screen.getByRole('article')).toHaveAttribute('lang', 'es');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent(
      'Esta traducción al español es solo para tu comodidad. La versión en inglés es la que tiene validez legal',
    );
    expect(screen.getByRole('link', { name: 'Volver a FamJam' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Fecha de entrada en vigor:').nextSibling).toHaveTextContent(
      '15 de enero de 2025',
    );
    expect(screen.getByText('Última actualización:').nextSibling).toHaveTextContent(
      '15 de enero de 2025',
    );
    expect(screen.getByText('FamJam es un servicio de Sunny Days Labs LLC.')).toBeInTheDocument();
    const headings = sectionHeadings();
    for (const heading of [
      'Información que recopilamos',
      'Aviso sobre publicidad',
      'Privacidad de los niños',
      'Tus derechos y opciones',
      'Cookies y almacenamiento local',
      'Conservación de los datos',
      'Contáctanos',
    ]) {
      expect(headings.some((text) => text.includes(heading))).toBe(true);
    }
    expect(screen.getByRole('region', { name: /Privacidad de los niños/ })).toHaveTextContent(
      'No recopilamos a sabiendas información personal de niños menores de 13 años sin el consentimiento verificable',
    );
    const toc = screen.getByRole('navigation', { name: 'En esta página' });
    expect(within(toc).getByRole('link', { name: 'Conservación de los datos' })).toHaveAttribute(
      'href',
      '#retention',
    );
    expect(screen.getAllByRole('link', { name: 'help@sunnydays.example' })[0]).toHaveAttribute(
      'href',
      'mailto:help@sunnydays.example',
    );
    noIdLeaks();
  });

  it('shows the binding English text in its place, and goes back to the translation', async () => {
    await act(() => changeLocale('es'));
    await withConfig(<PrivacyPolicy />);

    const toEnglish = screen.getByRole('button', { name: 'Leer la versión en inglés' });
    await userEvent.click(toEnglish);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('region', { name: /Children's Privacy/ })).toHaveTextContent(
      'We do not knowingly collect personal information from children under 13 without verifiable parental consent',
    );
    expect(screen.getByText('FamJam is provided by Sunny Days Labs LLC.')).toBeInTheDocument();
    expect(screen.queryByText('Effective date:')).not.toBeInTheDocument();
    // The English document, framed in the app's language, each part marked with its own.
    expect(screen.getByText('Fecha de entrada en vigor:')).toHaveAttribute('lang', 'es');
    expect(screen.getByText('Fecha de entrada en vigor:').nextSibling).toHaveTextContent(
      LEGAL_EFFECTIVE_DATE,
    );
    const notice = screen.getByRole('note');
    expect(notice).toHaveAttribute('lang', 'es');
    expect(notice).toHaveTextContent(
      'Estás leyendo la versión original en inglés, que es la que tiene validez legal.',
    );
    const back = screen.getByRole('button', { name: 'Volver a la versión en español' });
    expect(back).toHaveFocus();
    noIdLeaks();

    await userEvent.click(back);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Política de privacidad' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leer la versión en inglés' })).toHaveFocus();
  });

  it('shows the Spanish terms, their third-party disclaimer and link to the privacy policy', async () => {
    await act(() => changeLocale('es'));
    const { currentPath } = await withConfig(<TermsOfService />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Términos del servicio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      /La versión en inglés es la que tiene validez legal/,
    );
    const disclaimer = screen.getByRole('region', {
      name: /La información de los eventos viene de terceros/,
    });
    expect(disclaimer).toHaveTextContent(
      'Confirma siempre los detalles con el organizador o el lugar antes de ir o de comprar boletos.',
    );
    expect(screen.getByRole('region', { name: /Aceptación de estos términos/ })).toHaveTextContent(
      'Estos términos son un acuerdo entre tú y Sunny Days Labs LLC',
    );
    noIdLeaks();

    await userEvent.click(screen.getByRole('button', { name: 'Leer la versión en inglés' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: /Event Information Comes from Third Parties/ }),
    ).toHaveTextContent(
      'Always check the details with the organiser or venue before you go or buy tickets.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Volver a la versión en español' }));
    await userEvent.click(screen.getByRole('link', { name: 'Política de privacidad' }));
    expect(currentPath()).toBe('/privacy-policy');
  });

  it('shows the English, saying so, while a translation is behind the English', async () => {
    await act(() => changeLocale('es'));
    const stale = {
      en: privacyPolicyEn,
      es: (context: LegalContext) => ({
        ...privacyPolicyEs(context),
        translationOf: 'June 1, 2024',
      }),
    };
    await withConfig(<LegalPage icon="shield" versions={stale} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Por ahora, este documento solo está disponible en inglés, que es la versión con validez legal.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('translations', () => {
  const context: LegalContext = {
    product: PRODUCT_NAME,
    company: 'Sunny Days Labs LLC',
    supportEmail: 'help@sunnydays.example',
  };

  it.each([
    ['privacy policy', privacyPolicy],
    ['terms', termsOfService],
  ])('the Spanish %s translates the English in force, section for section', (_, versions) => {
    const english = versions.en(context);
    const spanish = versions.es?.(context);
    // Changed the English? Translate the change and move translationOf to its new date.
    expect(spanish?.translationOf).toBe(LEGAL_EFFECTIVE_DATE);
    expect(spanish?.lang).toBe('es');
    // Same sections, same anchors: a link to #retention lands in either language.
    expect(spanish?.sections.map((section) => section.id)).toEqual(
      english.sections.map((section) => section.id),
    );
  });
});
