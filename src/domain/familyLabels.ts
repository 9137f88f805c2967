import type { FamilyGroupId } from '../../contract/family.ts';
import { i18n } from '../i18n/appCatalog.ts';

/*
 * The onboarding answers' names in the language in use (contract/family.ts holds the English
 * and the ids the record stores): family groups by id, genres by their stored English name,
 * which stays what the record and the API keep.
 */

/** 'Young kids', 'Teens'. */
export function familyGroupLabel(id: FamilyGroupId): string {
  switch (id) {
    case 'young_kids':
      return i18n.t('app.familyGroup.youngKids');
    case 'tweens':
      return i18n.t('app.familyGroup.tweens');
    case 'teens':
      return i18n.t('app.familyGroup.teens');
    case 'mixed_ages':
      return i18n.t('app.familyGroup.mixedAges');
  }
}

/** The ages a group covers, as onboarding offers them: '0-8 years', '13-17', 'various'. */
export function familyGroupAges(id: FamilyGroupId): string {
  switch (id) {
    case 'young_kids':
      return i18n.t('app.familyGroup.youngKidsAges');
    case 'tweens':
      return i18n.t('app.familyGroup.tweensAges');
    case 'teens':
      return i18n.t('app.familyGroup.teensAges');
    case 'mixed_ages':
      return i18n.t('app.familyGroup.mixedAgesAges');
  }
}

/** 'Young kids (0-8 years)', 'Mixed ages (various)': the group as Profile lists it. */
export function familyGroupWithAges(id: FamilyGroupId): string {
  return i18n.t('app.familyGroup.withAges', {
    name: familyGroupLabel(id),
    ages: familyGroupAges(id),
  });
}

/**
 * A genre's name as shown. A stored profile may hold a genre FamJam no longer offers (or one an
 * older app wrote): it shows as stored.
 */
export function genreLabel(genre: string): string {
  switch (genre) {
    case 'Pop':
      return i18n.t('app.genre.pop');
    case 'Rock':
      return i18n.t('app.genre.rock');
    case 'Jazz':
      return i18n.t('app.genre.jazz');
    case 'Blues':
      return i18n.t('app.genre.blues');
    case 'Family':
      return i18n.t('app.genre.family');
    case 'Classical':
      return i18n.t('app.genre.classical');
    case 'Hip-Hop':
      return i18n.t('app.genre.hipHop');
    case 'Rap':
      return i18n.t('app.genre.rap');
    case 'Country':
      return i18n.t('app.genre.country');
    case 'Electronic':
      return i18n.t('app.genre.electronic');
    default:
      return genre;
  }
}
