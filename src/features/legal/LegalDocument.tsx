import type { ReactNode } from 'react';
import { useClientConfig } from '../../app/clientConfig.tsx';
import { LEGAL_EFFECTIVE_DATE, PRODUCT_NAME } from '../../domain/constants.ts';
import { Card, Icon, type IconName, Stack, TextLink } from '../../ui/index.ts';
import * as styles from './legal.css.ts';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  icon: IconName;
  summary: ReactNode;
  sections: readonly LegalSection[];
}

/** The deployer's company line, as both legal pages show it. */
export function useCompanyLine(): string {
  const { legal } = useClientConfig();
  // "FamJam, Inc." already ends the sentence; don't print a second full stop.
  return `${PRODUCT_NAME} is provided by ${legal.company.replace(/\.+$/, '')}.`;
}

/** The support address as a mail link. */
export function SupportEmail() {
  const { legal } = useClientConfig();
  return <a href={`mailto:${legal.supportEmail}`}>{legal.supportEmail}</a>;
}

/**
 * Shared frame of the privacy policy and terms: back link, title, the effective and last-updated
 * dates (docs/product.md#spec-9), the company line, a table of contents and the numbered sections.
 */
export function LegalDocument({ title, icon, summary, sections }: LegalDocumentProps) {
  const companyLine = useCompanyLine();
  return (
    <article className={styles.page} aria-labelledby="legal-title">
      <TextLink to="/" className={styles.backLink}>
        <Icon name="chevronLeft" size={20} />
        Back to {PRODUCT_NAME}
      </TextLink>
      <Stack as="header" space="3">
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name={icon} size={28} />
        </span>
        <h1 id="legal-title" className={styles.title}>
          {title}
        </h1>
        <dl className={styles.dates}>
          <div className={styles.dateItem}>
            <dt>Effective date:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
          <div className={styles.dateItem}>
            <dt>Last updated:</dt>
            <dd>{LEGAL_EFFECTIVE_DATE}</dd>
          </div>
        </dl>
        <p className={styles.summary}>{summary}</p>
        <p className={styles.companyLine}>{companyLine}</p>
      </Stack>
      <Card as="section" tone="muted" elevated={false} aria-labelledby="legal-toc">
        <Stack as="nav" space="2" aria-labelledby="legal-toc">
          <h2 id="legal-toc" className={styles.tocTitle}>
            On this page
          </h2>
          <ol className={styles.tocList}>
            {sections.map((section) => (
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
        {sections.map((section, index) => (
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
