import { useId, useMemo } from 'react';
import type { FamilyGroupId } from '../../../contract/family.ts';
import { useAppState } from '../../app/appState.tsx';
import { parseFamilySituation } from '../../domain/constants.ts';
import { familyGroupAges, familyGroupLabel } from '../../domain/familyLabels.ts';
import { ToggleChip } from '../../ui/index.ts';
import * as styles from './fitsMyFamily.css.ts';
import { i18n } from './messages.ts';

/** The toggle's name, in the language in use: 'Fits my family'. */
export function fitsMyFamilyLabel(): string {
  return i18n.t('events.fits.label');
}

/**
 * The family groups on the signed-in user's record (onboarding's Family step): what 'Fits my
 * family' filters by. None when signed out or never chosen, and then the toggle is not offered.
 * Selected as the record's text, so a new array only comes when the choice changes.
 */
export function useFamilyGroups(): readonly FamilyGroupId[] {
  const situation = useAppState((state) => state.currentUser?.familySituation ?? '');
  return useMemo(() => parseFamilySituation(situation), [situation]);
}

/** The `ages` a list asks for: the family's groups while the toggle is on, else none. */
export function agesParam(
  fitsMyFamily: boolean,
  groups: readonly FamilyGroupId[],
): readonly FamilyGroupId[] | undefined {
  return fitsMyFamily && groups.length > 0 ? groups : undefined;
}

interface FitsMyFamilyChipProps {
  groups: readonly FamilyGroupId[];
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  className?: string;
}

/** 'young kids (0-8 years) and teens (13-17)': what the toggle keeps, for its description. */
function familyGroupsSentence(groups: readonly FamilyGroupId[]): string {
  const parts = groups.map((id) => {
    const name = familyGroupLabel(id).toLowerCase();
    return id === 'mixed_ages' ? name : `${name} (${familyGroupAges(id)})`;
  });
  return parts.length < 2
    ? (parts[0] ?? '')
    : i18n.t('events.fits.groupList', { first: parts.slice(0, -1).join(', '), last: parts.at(-1) });
}

/**
 * The 'Fits my family' preset of Home and Search: a toggle (aria-pressed) that keeps only events
 * whose ages overlap the family's groups. Hidden when the record has no groups. It shows which
 * groups ('Fits my family · Young kids, Teens') and says their ages in its description; its
 * name stays 'Fits my family'.
 */
export function FitsMyFamilyChip({
  groups,
  isSelected,
  onChange,
  className,
}: FitsMyFamilyChipProps) {
  const descriptionId = useId();
  if (groups.length === 0) return null;
  const names = groups.map(familyGroupLabel).join(', ');
  return (
    <>
      <ToggleChip
        compact
        icon="user"
        isSelected={isSelected}
        onChange={onChange}
        className={className}
        aria-describedby={descriptionId}
      >
        {fitsMyFamilyLabel()}
        <span aria-hidden="true" className={styles.groups}>
          {` · ${names}`}
        </span>
      </ToggleChip>
      <span id={descriptionId} hidden>
        {i18n.t('events.fits.description', { groups: familyGroupsSentence(groups) })}
      </span>
    </>
  );
}
