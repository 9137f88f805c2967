import { type FamilyGroupId, familyGroups } from '../../../contract/family.ts';
import { parseFamilySituation } from '../../domain/constants.ts';
import { familyGroupWithAges } from '../../domain/familyLabels.ts';
import { i18n } from './messages.ts';

/**
 * docs/product.md#spec-2-profile: the family situation as emoji plus label. The spec leaves the list to us:
 * one emoji per group, and the group's name with its ages (src/domain/familyLabels.ts), the
 * words onboarding offered.
 */
const familyEmoji: Record<FamilyGroupId, string> = {
  young_kids: '🧸',
  tweens: '🛹',
  teens: '🎧',
  mixed_ages: '👨‍👩‍👧‍👦',
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
      label: familyGroupWithAges(group.id),
    }));
}
