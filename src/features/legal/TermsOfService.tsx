import {
  CHILDREN_PRIVACY_AGE,
  LEGAL_EFFECTIVE_DATE,
  PRODUCT_NAME,
} from '../../domain/constants.ts';
import { Card, TextLink } from '../../ui/index.ts';
import {
  companyLineEn,
  type LegalContext,
  LegalPage,
  type LegalSection,
  type LegalText,
  type LegalVersions,
} from './LegalDocument.tsx';
import * as styles from './legal.css.ts';
import { termsOfServiceEs } from './TermsOfService.es.tsx';

/** docs/product.md#spec-1: terms, with the disclaimer that event information comes from third parties. */
export function TermsOfService() {
  return <LegalPage icon="document" versions={termsOfService} />;
}

/** The terms in English, the binding text, and their translations. */
export const termsOfService: LegalVersions = { en: termsOfServiceEn, es: termsOfServiceEs };

/** The terms in English: the spec's text, word for word, and the binding version. */
export function termsOfServiceEn(context: LegalContext): LegalText {
  const { product, company, supportEmail } = context;
  const companyLine = companyLineEn(context);

  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      heading: 'Acceptance of These Terms',
      body: (
        <p>
          These terms are an agreement between you and {company} ("we", "us") about your use of{' '}
          {product}. By creating an account or using {product} you accept them, together with our{' '}
          <TextLink to="/privacy-policy">Privacy Policy</TextLink>. If you do not agree, please do
          not use {product}.
        </p>
      ),
    },
    {
      id: 'eligibility',
      heading: `Who Can Use ${PRODUCT_NAME}`,
      body: (
        <p>
          {product} is for adults planning outings for themselves and their families. You must be
          old enough to form a binding contract where you live to create an account. Children under{' '}
          {CHILDREN_PRIVACY_AGE} may not create accounts; they are welcome to enjoy the events a
          parent or guardian finds with {product}.
        </p>
      ),
    },
    {
      id: 'accounts',
      heading: 'Your Account',
      body: (
        <ul>
          <li>Give accurate information when you sign up and keep it up to date.</li>
          <li>
            Keep your password private. You are responsible for what happens in your account, so
            tell us at once if you think someone else has used it.
          </li>
          <li>
            If you sign in with Google, that service's terms also apply to the sign-in itself.
          </li>
          <li>
            You can stop using {product} at any time and ask us to delete your account at{' '}
            {supportEmail}.
          </li>
        </ul>
      ),
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable Use',
      body: (
        <>
          <p>Please help keep {product} friendly and safe. You agree not to:</p>
          <ul>
            <li>break the law or help anyone else do so;</li>
            <li>harass, threaten or mislead other people, including through polls you share;</li>
            <li>upload anything offensive, infringing or harmful as a profile photo or poll;</li>
            <li>pretend to be someone else or create accounts for others without permission;</li>
            <li>
              copy listings in bulk, scrape the service, or use bots to access it outside normal
              use;
            </li>
            <li>
              probe, overload or interfere with {product}'s systems or security, or try to reach
              another person's data.
            </li>
          </ul>
          <p>
            We may suspend or close accounts that break these rules, and we will tell you why unless
            the law or safety prevents it.
          </p>
        </>
      ),
    },
    {
      id: 'event-information',
      heading: 'Event Information Comes from Third Parties',
      body: (
        <>
          <p>
            {product} does not organise the events it shows. Listings, dates, times, venues, prices,
            ticket links, age suitability and deals come from organisers, venues, ticketing services
            and other third parties. We show them in good faith but cannot check every detail, and
            they can change at short notice.
          </p>
          <p>
            <strong>
              Always check the details with the organiser or venue before you go or buy tickets.
            </strong>{' '}
            Family Safe mode and "family friendly" labels are a guide based on the information we
            receive, not a guarantee; you are the best judge of what suits your family. Deal prices
            are estimates and the seller's final price applies.
          </p>
        </>
      ),
    },
    {
      id: 'third-party-services',
      heading: 'Third-Party Services and Advertising',
      body: (
        <p>
          {product} links to and works with services run by others, such as ticket sellers, maps,
          music streaming services, restaurant reservation sites and the ad service whose ads appear
          on the home screen. Their own terms and privacy policies apply when you use them, and we
          are not responsible for their content, products or availability. Buying tickets or making
          a reservation is an agreement between you and that provider.
        </p>
      ),
    },
    {
      id: 'your-content',
      heading: 'Your Content',
      body: (
        <p>
          You keep ownership of what you add, such as polls and your profile photo. You give us
          permission to store and display it only as needed to run {product} for you and the people
          you share it with. You confirm you have the right to share it.
        </p>
      ),
    },
    {
      id: 'our-service',
      heading: 'Our Service and Intellectual Property',
      body: (
        <p>
          The {product} name, logo, design and software belong to {company} or its licensors. We
          give you a personal, non-transferable right to use {product} under these terms. We work to
          keep it available and improve it, but we may change, pause or discontinue features, and we
          will give reasonable notice of significant changes where we can.
        </p>
      ),
    },
    {
      id: 'disclaimer',
      heading: 'Disclaimer',
      body: (
        <p>
          {product} is provided "as is" and "as available". To the extent the law allows, we make no
          promises that it will be uninterrupted or error-free, or that listings and third-party
          information will be accurate, complete or current.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Limitation of Liability',
      body: (
        <>
          <p>
            To the extent the law allows, {company} is not liable for indirect, incidental or
            consequential losses, or for losses caused by events, venues, tickets, deals or services
            provided by third parties, including cancelled or changed events. Our total liability
            for any claim about {product} is limited to the greater of the amount you paid us in the
            twelve months before the claim or 50 US dollars.
          </p>
          <p>
            Nothing in these terms limits liability that cannot be limited by law, such as for fraud
            or for death or personal injury caused by negligence, or your rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to These Terms',
      body: (
        <p>
          We may update these terms as {product} grows. We will change the "Last updated" date above
          and, for important changes, tell you in the app or by email before they take effect. If
          you keep using {product} after that, the new terms apply; if you do not agree, you can
          close your account.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact Us',
      body: (
        <Card tone="accent" elevated={false} className={styles.contactCard}>
          <p>Questions about these terms? We are happy to help:</p>
          <p>{supportEmail}</p>
          <p>{companyLine}</p>
        </Card>
      ),
    },
  ];

  return {
    lang: 'en',
    title: 'Terms of Service',
    summary: `The ground rules for using ${product}: what you can expect from us, what we ask of you, and why you should always double-check event details with the organiser.`,
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    lastUpdated: LEGAL_EFFECTIVE_DATE,
    companyLine,
    sections,
  };
}
