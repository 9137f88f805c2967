import { messages } from '../../../locales/en/shellLater.ts';
import { addCatalog, i18n } from '../../i18n/i18n.ts';

// The English of the shell files that load after the first screen (lingui.config.ts, laterFiles).
addCatalog(messages);

export { i18n };
