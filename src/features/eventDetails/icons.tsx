import type { IconSource } from '../../ui/index.ts';

/** Icons only this screen draws, on the shared 24-unit grid (see IconSource). */
export const detailIcons = {
  share: {
    shape: (
      <>
        <circle cx="17.5" cy="5.5" r="2.5" />
        <circle cx="6.5" cy="12" r="2.5" />
        <circle cx="17.5" cy="18.5" r="2.5" />
        <path d="m8.7 10.7 6.6-3.9M8.7 13.3l6.6 3.9" />
      </>
    ),
  },
  ticket: {
    shape: (
      <>
        <path d="M3.5 8.5V6.5a1 1 0 0 1 1-1h15a1 1 0 0 1 1 1v2a2.5 2.5 0 0 0 0 5v2a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1v-2a2.5 2.5 0 0 0 0-5Z" />
        <path d="M14.5 6v2M14.5 11v2M14.5 16v2" />
      </>
    ),
  },
  navigation: { shape: <path d="M20.5 3.5 3.5 10.6l7 2.9 2.9 7Z" /> },
} satisfies Record<string, IconSource>;
