import { messages } from '../../locales/en/app.ts';
import { addCatalog, i18n } from './i18n.ts';

// The English of the app's frame (src/app, src/ui, src/domain, src/routes; docs/i18n.md).
addCatalog(messages);

export { i18n };
