import { useMemo } from 'react';
import type { FamilyGroupId } from '../../../contract/family.ts';
import { useAppState } from '../../app/appState.tsx';
import { parseFamilySituation } from '../../domain/constants.ts';
import { ToggleChip } from '../../ui/index.ts';

export const FITS_MY_FAMILY_LABEL = 'Fits my family';

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

/**
 * The 'Fits my family' preset of Home and Search: a toggle (aria-pressed) that keeps only events
 * whose ages overlap the family's groups. Hidden when the record has no groups.
 */
export function FitsMyFamilyChip({
  groups,
  isSelected,
  onChange,
  className,
}: FitsMyFamilyChipProps) {
  if (groups.length === 0) return null;
  return (
    <ToggleChip
      compact
      icon="user"
      isSelected={isSelected}
      onChange={onChange}
      className={className}
    >
      {FITS_MY_FAMILY_LABEL}
    </ToggleChip>
  );
}
