import { type ReactNode, useState } from 'react';
import type { AppLocale } from '../../../contract/locales.ts';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { LEGAL_EFFECTIVE_DATE, PRODUCT_NAME } from '../../domain/constants.ts';
import { localeTag } from '../../i18n/i18n.ts';
import { useLocale } from '../../i18n/useLocale.tsx';
import { Button, Card, Icon, type IconName, Stack, TextLink } from '../../ui/index.ts';
import * as styles from './legal.css.ts';
import { i18n } from './messages.ts';

/*
 * The legal pages in more than one language (issue 35). The documents are not catalogue
 * messages: a policy is read and reviewed as a whole, and the English one is the binding text
 * the spec fixes word for word. So each document is written per language as a whole
 * (PrivacyPolicy.tsx is the English, PrivacyPolicy.es.tsx the Spanish translation), and only
 * the page's frame (back link, date labels, table-of-contents title, the translation notice)
 * goes through the `legal` catalogue. A family reading another language gets the translation,
 * with a notice that the English is binding and a button that shows the English in its place.
 */

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** One legal document in one language, as LegalDocument lays it out. */
export interface LegalText {
  /** The language it is written in: its container says so (`lang`) for screen readers. */
  lang: AppLocale;
  title: string;
  summary: ReactNode;
  /** The effective and last-updated dates, written in the document's language. */
  effectiveDate: string;
  lastUpdated: string;
  companyLine: string;
  sections: readonly LegalSection[];
  /**
   * A translation: the English version's effective date it translates. A translation of an
   * older English text is not shown (the English is, with a notice) until it is brought up to date.
   */
  translationOf?: string;
}

/** What a document's text is built from: the deployer's details, from the served config. */
export interface LegalContext {
  product: string;
  /** The company as configured ("Sunny Days Labs LLC", "FamJam, Inc."). */
  company: string;
  /** The support address as a mail link. */
  supportEmail: ReactNode;
}

/** A document in English, the binding text, and in the languages it has been translated into. */
export type LegalVersions = { en: (context: LegalContext) => LegalText } & Partial<
  Record<AppLocale, (context: LegalContext) => LegalText>
>;

/** "FamJam, Inc." already ends the sentence; the company lines don't print a second full stop. */
export function companyName(company: string): string {
  return company.replace(/\.+$/, '');
}

/** The English documents' company line. */
export function companyLineEn({ product, company }: LegalContext): string {
  return `${product} is provided by ${companyName(company)}.`;
}

/** The Spanish documents' company line ("FamJam es un servicio de Sunny Days Labs LLC."). */
export function companyLineEs({ product, company }: LegalContext): string {
  return `${product} es un servicio de ${companyName(company)}.`;
}

/** The support address as a mail link. */
export function SupportEmail() {
  const { legal } = useClientConfig();
  return <a href={`mailto:${legal.supportEmail}`}>{legal.supportEmail}</a>;
}

/**
 * A legal page: the document in the language in use when it has a current translation, else
 * in English. A translation comes with its notice and a button that shows the English instead
 * (and back), kept on this page only: the URL and the app's language stay as they are.
 */
export function LegalPage({ icon, versions }: { icon: IconName; versions: LegalVersions }) {
  const { legal } = useClientConfig();
  const uiLang = localeTag(useLocale());
  const [showEnglish, setShowEnglish] = useState(false);
  const context: LegalContext = {
    product: PRODUCT_NAME,
    company: legal.company,
    supportEmail: <SupportEmail />,
  };
  const translation = uiLang === 'en' ? undefined : versions[uiLang]?.(context);
  const current = translation?.translationOf === LEGAL_EFFECTIVE_DATE ? translation : undefined;
  const text = current && !showEnglish ? current : versions.en(context);

  let notice: ReactNode = null;
  if (current) {
    notice = (
      <>
        <p>
          {showEnglish ? i18n.t('legal.notice.readingEnglish') : i18n.t('legal.notice.translation')}
        </p>
        <Button variant="outline" size="sm" onPress={() => setShowEnglish((english) => !english)}>
          {showEnglish
            ? i18n.t('legal.notice.backToTranslation')
            : i18n.t('legal.notice.readEnglish')}
        </Button>
      </>
    );
  } else if (uiLang !== 'en') {
    notice = <p>{i18n.t('legal.notice.englishOnly')}</p>;
  }

  return <LegalDocument icon={icon} text={text} uiLang={uiLang} notice={notice} />;
}

interface LegalDocumentProps {
  icon: IconName;
  text: LegalText;
  /** The language of the app around the document, which its frame speaks. */
  uiLang: AppLocale;
  /** Above the document: that it is a translation, or that there is none in the app's language. */
  notice?: ReactNode;
}

/**
 * Shared frame of the privacy policy and terms: back link, title, the effective and last-updated
 * dates (docs/product.md#spec-9), the company line, a table of contents and the numbered sections.
 * The article is in the document's language; the frame's own words, when the app speaks another
 * (the English text read from the Spanish app), say theirs.
 */
export function LegalDocument({ icon, text, uiLang, notice }: LegalDocumentProps) {
  const frameLang = uiLang === text.lang ? undefined : uiLang;
  return (
    <article className={styles.page} aria-labelledby="legal-title" lang={text.lang}>
      <TextLink to="/" className={styles.backLink} lang={frameLang}>
        <Icon name="chevronLeft" size={20} />
        {i18n.t('legal.back', { product: PRODUCT_NAME })}
      </TextLink>
      {notice ? (
        <div className={styles.translationNotice} role="note" lang={frameLang}>
          {notice}
        </div>
      ) : null}
      <Stack as="header" space="3">
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name={icon} size={28} />
        </span>
        <h1 id="legal-title" className={styles.title}>
          {text.title}
        </h1>
        <dl className={styles.dates}>
          <div className={styles.dateItem}>
            <dt lang={frameLang}>{i18n.t('legal.dates.effective')}</dt>
            <dd>{text.effectiveDate}</dd>
          </div>
          <div className={styles.dateItem}>
            <dt lang={frameLang}>{i18n.t('legal.dates.updated')}</dt>
            <dd>{text.lastUpdated}</dd>
          </div>
        </dl>
        <p className={styles.summary}>{text.summary}</p>
        <p className={styles.companyLine}>{text.companyLine}</p>
      </Stack>
      <Card as="section" tone="muted" elevated={false} aria-labelledby="legal-toc">
        <Stack as="nav" space="2" aria-labelledby="legal-toc">
          <h2 id="legal-toc" className={styles.tocTitle} lang={frameLang}>
            {i18n.t('legal.toc.title')}
          </h2>
          <ol className={styles.tocList}>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a className={styles.tocLink} href={`#${section.id}`}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </Stack>
      </Card>
      <div className={styles.prose}>
        {text.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.section}
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
              {index + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
