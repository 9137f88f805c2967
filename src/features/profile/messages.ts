import { messages } from '../../../locales/en/profile.ts';
import { addCatalog, i18n } from '../../i18n/i18n.ts';

// The profile's English; other languages load whole before the app renders (docs/i18n.md).
addCatalog(messages);

export { i18n };
