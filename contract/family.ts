/**
 * docs/product.md#spec-3's onboarding enumerations, shared because the server reads them too: family
 * groups become the `ages` filter of the events and search APIs, and genres the notifications'
 * and recommendations' tastes.
 */

/**
 * The four family groups, with the child ages each covers (years, inclusive). 'mixed_ages'
 * ("various") spans every child age, so as a filter it keeps anything a child may attend.
 */
export const familyGroups = [
  { id: 'young_kids', label: 'Young kids', ages: '0-8 years', minAge: 0, maxAge: 8 },
  { id: 'tweens', label: 'Tweens', ages: '9-12', minAge: 9, maxAge: 12 },
  { id: 'teens', label: 'Teens', ages: '13-17', minAge: 13, maxAge: 17 },
  { id: 'mixed_ages', label: 'Mixed ages', ages: 'various', minAge: 0, maxAge: 17 },
] as const;
export type FamilyGroupId = (typeof familyGroups)[number]['id'];
export const familyGroupIds = familyGroups.map((group) => group.id) as [
  FamilyGroupId,
  ...FamilyGroupId[],
];

/** The adult's own age range (the Age step). Not part of the user record: docs/product.md#spec-7's body has none. */
export const ageRanges = ['18-25', '26-35', '36-45', '46-55', '56+'] as const;
export type AgeRange = (typeof ageRanges)[number];

export const musicGenres = [
  'Pop',
  'Rock',
  'Jazz',
  'Blues',
  'Family',
  'Classical',
  'Hip-Hop',
  'Rap',
  'Country',
  'Electronic',
] as const;
export type MusicGenre = (typeof musicGenres)[number];

/** 'young_kids,teens' → ['young_kids', 'teens']; unknown or blank parts are dropped. */
export function parseFamilySituation(familySituation: string): FamilyGroupId[] {
  const known = new Set<string>(familyGroupIds);
  return familySituation
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is FamilyGroupId => known.has(part));
}
