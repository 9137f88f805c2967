import { describe, expect, it } from 'vitest';
import { familyGroupsToShow } from './familyDisplay.ts';

describe('familyGroupsToShow', () => {
  it('gives every group of the spec an emoji and its label with the ages', () => {
    expect(familyGroupsToShow('young_kids,tweens,teens,mixed_ages')).toEqual([
      { id: 'young_kids', emoji: '🧸', label: 'Young kids (0-8 years)' },
      { id: 'tweens', emoji: '🛹', label: 'Tweens (9-12)' },
      { id: 'teens', emoji: '🎧', label: 'Teens (13-17)' },
      { id: 'mixed_ages', emoji: '👨‍👩‍👧‍👦', label: 'Mixed ages (various)' },
    ]);
  });

  it("keeps the contract's order and drops unknown or blank parts", () => {
    expect(familyGroupsToShow(' teens, ,pets,young_kids').map((group) => group.id)).toEqual([
      'young_kids',
      'teens',
    ]);
  });

  it('is empty for nothing stored (the screen then says Not specified)', () => {
    expect(familyGroupsToShow('')).toEqual([]);
    expect(familyGroupsToShow(null)).toEqual([]);
  });
});
