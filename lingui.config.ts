import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/*
 * FamJam's messages (docs/i18n.md). English is the source; every message has an explicit id
 * ('home.emptyTitle'), written in the code as `i18n.t('home.emptyTitle')` and in the catalogues
 * as that id's text. One catalogue per feature folder (and one for the files it loads later),
 * so a screen's chunk carries its own words and nobody else's; one for the app's frame (src/app, src/ui, src/domain, src/routes)
 * and one for the server (emails, push, feeds, page frames, API errors).
 *
 * `npm run i18n:extract` brings the catalogues in line with the code; `npm run i18n:compile`
 * writes the modules the app and the server import (locales/{locale}/{name}.ts);
 * `npm run i18n:check` (part of `npm test`) fails when either would change anything.
 */
/**
 * Files of a feature that load after its first screen (a dialog, a lazily shown part): their
 * texts are a catalogue of their own, `{folder}Later`, imported by `laterMessages.ts`, so the
 * first load does not carry them (docs/decisions.md, 'Languages').
 */
const laterFiles: Record<string, readonly string[]> = {
  shell: [
    'AccountMenu.tsx',
    'LocationDialog.tsx',
    'NotificationPopover.tsx',
    'OfflineBanner.tsx',
    'PlaceCombobox.tsx',
    'gpsMessages.ts',
  ],
  polls: ['PollCard.tsx', 'PollDialog.tsx', 'PollResults.tsx', 'PollScreen.tsx', 'sharePoll.ts'],
  map: ['ResultsMap.tsx', 'pins.ts'],
};

const featureCatalogues = readdirSync(new URL('./src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const folder = entry.name;
    const later = (laterFiles[folder] ?? []).map(
      (file) => `<rootDir>/src/features/${folder}/${file}`,
    );
    return [
      {
        path: `<rootDir>/locales/{locale}/${folder}`,
        include: [`<rootDir>/src/features/${folder}/`],
        exclude: ['**/*.test.*', ...later],
      },
      ...(later.length > 0
        ? [{ path: `<rootDir>/locales/{locale}/${folder}Later`, include: later, exclude: [] }]
        : []),
    ];
  });

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [
    ...featureCatalogues,
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
