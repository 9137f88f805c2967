import { messages } from '../../../locales/en/legal.ts';
import { addCatalog, i18n } from '../../i18n/i18n.ts';

// The legal pages' own words in English (their frame and the translation notice; the documents
// themselves are not messages: LegalDocument.tsx). Other languages load whole before the app
// renders (docs/i18n.md).
addCatalog(messages);

export { i18n };
