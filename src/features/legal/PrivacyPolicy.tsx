import { CHILDREN_PRIVACY_AGE, LEGAL_EFFECTIVE_DATE, storageKeys } from '../../domain/constants.ts';
import { Card } from '../../ui/index.ts';
import {
  companyLineEn,
  type LegalContext,
  LegalPage,
  type LegalSection,
  type LegalText,
  type LegalVersions,
} from './LegalDocument.tsx';
import * as styles from './legal.css.ts';
import { privacyPolicyEs } from './PrivacyPolicy.es.tsx';

/** docs/product.md#spec-1: data collection, advertising, children's privacy, user rights, contact. */
export function PrivacyPolicy() {
  return <LegalPage icon="shield" versions={privacyPolicy} />;
}

/** The privacy policy in English, the binding text, and its translations. */
export const privacyPolicy: LegalVersions = { en: privacyPolicyEn, es: privacyPolicyEs };

/** The privacy policy in English: the spec's text, word for word, and the binding version. */
export function privacyPolicyEn(context: LegalContext): LegalText {
  const { product, supportEmail } = context;
  const companyLine = companyLineEn(context);

  const sections: LegalSection[] = [
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      body: (
        <>
          <p>
            We collect only what we need to find good things to do near you. Some of it you give us,
            some of it comes from the services you choose to connect, and a little is created
            automatically when you use {product}.
          </p>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account details:</strong> your email address and password (the password is
              handled by our identity provider and never stored by us), or your name, email and
              profile photo when you sign in with Google.
            </li>
            <li>
              <strong>Your family profile:</strong> the answers you give during set-up, such as your
              age range, who you usually go out with (for example young kids or teens), your
              favourite kinds of music and your home area. We ask about age groups, never about
              individual children's names or birthdays.
            </li>
            <li>
              <strong>Location:</strong> the place you type, or your device's coordinates when you
              tap the button to detect your location. We ask your browser each time; we do not track
              your location in the background.
            </li>
            <li>
              <strong>What you create:</strong> events you save, family polls you create and an
              optional profile photo.
            </li>
          </ul>
          <h3>Information from services you connect</h3>
          <p>
            If you connect a music streaming service, it shares the data you approve on its consent
            screen, such as your top artists and genres, so we can suggest concerts you will enjoy.
            We never receive your password for that service.
          </p>
          <h3>Information collected automatically</h3>
          <ul>
            <li>
              Technical details your browser sends with every request: IP address, browser and
              device type, language and the pages requested, kept in server logs for security and
              troubleshooting.
            </li>
            <li>
              Settings stored on your own device, such as light or dark theme and Family Safe mode
              (see Cookies and Local Storage).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      heading: 'How We Use Your Information',
      body: (
        <ul>
          <li>To create and secure your account and keep you signed in.</li>
          <li>
            To show events, restaurants and deals near your location, filtered by your Family Safe
            setting and shaped by your preferences.
          </li>
          <li>To remember the events you save and the polls you create.</li>
          <li>
            To keep {product} working: fixing problems, preventing abuse and fraud, and measuring
            which features are used (in aggregate) so we can improve them.
          </li>
          <li>To reply when you contact us and to tell you about important changes.</li>
          <li>To meet our legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'advertising',
      heading: 'Advertising Disclosure',
      body: (
        <>
          <p>
            {product} is free to use because the home screen contains advertising slots. These slots
            are filled by a third-party ad service, not by us, and are clearly set apart from event
            listings. Event results are never ranked by who pays for an ad.
          </p>
          <ul>
            <li>
              To choose and measure ads, the ad service may read or set its own cookies or device
              identifiers and receive technical data such as your IP address, browser type and the
              general area you are in.
            </li>
            <li>
              We do not give advertisers your name, email address, family profile or saved events,
              and we do not sell your personal information.
            </li>
            <li>
              You can opt out of personalised ads at any time: use your browser's or device's
              advertising settings, the ad service's own ad-settings page, or ask us and we will
              request non-personalised ads for your account. You will still see ads, but they will
              not be based on your interests.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'sharing',
      heading: 'How We Share Information',
      body: (
        <>
          <p>We share personal information only in these cases:</p>
          <ul>
            <li>
              <strong>Service providers</strong> who run parts of {product} for us under contract,
              such as hosting, our identity provider for sign-in and our database provider. They may
              use the data only to provide their service to us.
            </li>
            <li>
              <strong>Services you choose to use</strong>, such as a music service you connect, a
              ticketing site you open or a maps app you ask for directions.
            </li>
            <li>
              <strong>The ad service</strong>, limited to the technical data described in the
              Advertising Disclosure.
            </li>
            <li>
              <strong>When the law requires it</strong>, or to protect the safety of our users or
              the public.
            </li>
            <li>
              <strong>If our business changes hands</strong>, in which case this policy continues to
              apply to your information and we will tell you before anything changes.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'childrens-privacy',
      heading: "Children's Privacy",
      body: (
        <>
          <p>
            {product} helps parents and other adults plan outings for their families. Accounts are
            for adults. We do not knowingly collect personal information from children under{' '}
            {CHILDREN_PRIVACY_AGE} without verifiable parental consent, and our family profile asks
            only for age groups, never for a child's name, photo or date of birth.
          </p>
          <p>
            If you believe a child under {CHILDREN_PRIVACY_AGE} has given us personal information
            without a parent's consent, please contact us at {supportEmail}. We will delete it
            promptly and close any account created without consent.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Your Rights and Choices',
      body: (
        <>
          <p>Wherever you live, you can ask us to:</p>
          <ul>
            <li>
              <strong>Access</strong> the personal information we hold about you.
            </li>
            <li>
              <strong>Correct</strong> information that is wrong or out of date.
            </li>
            <li>
              <strong>Delete</strong> your account and the personal information linked to it.
            </li>
            <li>
              <strong>Export</strong> your information in a common, machine-readable format.
            </li>
            <li>
              <strong>Withdraw consent</strong> you gave earlier, for example to location detection
              or a connected music service, without affecting what happened before.
            </li>
            <li>
              <strong>Opt out of personalised advertising</strong>, as described in the Advertising
              Disclosure.
            </li>
            <li>
              <strong>Object to or restrict</strong> certain uses of your information.
            </li>
          </ul>
          <p>
            Email {supportEmail} to use any of these rights. We will confirm the request comes from
            you and answer within 30 days. Using your rights will never cost you anything or change
            the service you receive. You may also complain to your local data-protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and Local Storage',
      body: (
        <>
          <p>
            {product} does not use its own cookies for tracking. It keeps a few things in your
            browser's storage so the app works well:
          </p>
          <ul>
            <li>Your sign-in session, stored by our identity provider.</li>
            <li>
              Your theme choice (<code>{storageKeys.theme}</code>), your Family Safe setting (
              <code>{storageKeys.familyMode}</code>) and your location.
            </li>
            <li>
              Your saved events and a copy of recently loaded events and restaurants, so you can
              still browse when you are offline.
            </li>
          </ul>
          <p>
            Signing out removes your profile copy, saved events and cached listings from the device
            and turns Family Safe mode back on. You can clear everything at any time in your browser
            settings. The ad service on the home screen may set its own cookies, as explained above.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'Data Retention',
      body: (
        <ul>
          <li>Account and profile information: for as long as your account is open.</li>
          <li>
            After you ask us to delete your account: removed from our live systems within 30 days
            and from backups within a further 60 days.
          </li>
          <li>Server logs: kept for up to 90 days, then deleted.</li>
          <li>
            Information stored on your device: until you sign out or clear your browser's storage.
          </li>
          <li>
            We keep information longer only when the law requires it, and then only what is needed.
          </li>
        </ul>
      ),
    },
    {
      id: 'security',
      heading: 'Security',
      body: (
        <p>
          We protect your information with encryption in transit, access controls that let each
          account read only its own data, and careful handling of sign-in tokens. No system is
          perfectly secure, so please use a strong, unique password, and tell us straight away if
          you notice anything unusual.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to This Policy',
      body: (
        <p>
          If we change this policy we will update the "Last updated" date above. If a change matters
          for how we use your information, we will tell you in the app or by email before it takes
          effect.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact Us',
      body: (
        <Card tone="accent" elevated={false} className={styles.contactCard}>
          <p>Questions about privacy or a request about your data? Write to us:</p>
          <p>{supportEmail}</p>
          <p>
            {companyLine} As the provider, it is responsible for the personal information described
            in this policy.
          </p>
        </Card>
      ),
    },
  ];

  return {
    lang: 'en',
    title: 'Privacy Policy',
    summary: `This policy explains what information ${product} collects, why, who we share it with and the choices you have. We wrote it to be read, not skimmed past.`,
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    lastUpdated: LEGAL_EFFECTIVE_DATE,
    companyLine,
    sections,
  };
}
