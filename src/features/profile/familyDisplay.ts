import { type FamilyGroupId, familyGroups } from '../../../contract/family.ts';
import { parseFamilySituation } from '../../domain/constants.ts';
import { i18n } from './messages.ts';

/**
 * docs/product.md#spec-2-profile: the family situation as emoji plus label. The spec leaves the list to us:
 * one emoji per group, and the contract's label with its ages, so the text never drifts from
 * what onboarding offered.
 */
const familyEmoji: Record<FamilyGroupId, string> = {
  young_kids: '🧸',
  tweens: '🛹',
  teens: '🎧',
  mixed_ages: '👨‍👩‍👧‍👦',
};

/** Each group's label with its ages, as onboarding offered them ('Young kids (0-8 years)'). */
const familyLabels: Record<FamilyGroupId, () => string> = {
  young_kids: () => i18n.t('profile.family.youngKids'),
  tweens: () => i18n.t('profile.family.tweens'),
  teens: () => i18n.t('profile.family.teens'),
  mixed_ages: () => i18n.t('profile.family.mixedAges'),
};

export function notSpecifiedText(): string {
  return i18n.t('profile.preferences.notSpecified');
}

interface FamilyGroupDisplay {
  id: FamilyGroupId;
  emoji: string;
  /** 'Young kids (0-8 years)'. */
  label: string;
}

/** The groups in the stored 'young_kids,teens' text, in the contract's order; unknown ids dropped. */
export function familyGroupsToShow(
  familySituation: string | null | undefined,
): FamilyGroupDisplay[] {
  const chosen = new Set(parseFamilySituation(familySituation ?? ''));
  return familyGroups
    .filter((group) => chosen.has(group.id))
    .map((group) => ({
      id: group.id,
      emoji: familyEmoji[group.id],
      label: familyLabels[group.id](),
    }));
}
