import type { CategoryId } from '../../contract/categories.ts';
import { i18n } from '../i18n/appCatalog.ts';

/**
 * A category's name in the language in use, by its id. contract/categories.ts and the API's
 * category counts carry the English (the server's full-text search matches it); what the app
 * shows is this, wherever a category is named: home's tiles, search's chips and filters, the
 * 'Suggest an event' choices, the operator's review cards. An id this app does not know (a
 * newer server's) reads as `orElse`, the English the API sent with it.
 */
export function categoryLabel(id: CategoryId, orElse: string = id): string {
  switch (id) {
    case 'music':
      return i18n.t('app.category.music');
    case 'comedy':
      return i18n.t('app.category.comedy');
    case 'sportsgames':
      return i18n.t('app.category.sportsgames');
    case 'dining':
      return i18n.t('app.category.dining');
    case 'arts':
      return i18n.t('app.category.arts');
    case 'sports':
      return i18n.t('app.category.sports');
    case 'deals':
      return i18n.t('app.category.deals');
    case 'popup':
      return i18n.t('app.category.popup');
    case 'random':
      return i18n.t('app.category.random');
    default:
      return orElse;
  }
}
