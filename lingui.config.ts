import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/*
 * FamJam's messages (docs/i18n.md). English is the source; every message has an explicit id
 * ('home.emptyTitle'), written in the code as `i18n.t('home.emptyTitle')` and in the catalogues
 * as that id's text. One catalogue per feature folder, so a screen's chunk carries its own
 * words and nobody else's; one for the app's frame (src/app, src/ui, src/domain, src/routes)
 * and one for the server (emails, push, feeds, page frames, API errors).
 *
 * `npm run i18n:extract` brings the catalogues in line with the code; `npm run i18n:compile`
 * writes the modules the app and the server import (locales/{locale}/{name}.ts);
 * `npm run i18n:check` (part of `npm test`) fails when either would change anything.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/locales/{locale}/app',
      include: [
        '<rootDir>/src/app/',
        '<rootDir>/src/ui/',
        '<rootDir>/src/domain/',
        '<rootDir>/src/routes/',
        '<rootDir>/src/boot/',
        '<rootDir>/src/api/',
        '<rootDir>/src/i18n/',
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/server/', '<rootDir>/contract/'],
      exclude: ['**/*.test.*', '**/test/**'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
