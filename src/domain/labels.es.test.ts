import { afterEach, describe, expect, it } from 'vitest';
import { categories } from '../../contract/categories.ts';
import { familyGroups, musicGenres } from '../../contract/family.ts';
import { changeLocale } from '../i18n/i18n.ts';
import { categoryLabel } from './categoryLabel.ts';
import {
  familyGroupAges,
  familyGroupLabel,
  familyGroupWithAges,
  genreLabel,
} from './familyLabels.ts';

afterEach(() => changeLocale('en'));

describe("the contract's names, shown by id", () => {
  it('read in English as contract/ writes them', () => {
    for (const category of categories) expect(categoryLabel(category.id)).toBe(category.label);
    for (const group of familyGroups) {
      expect(familyGroupLabel(group.id)).toBe(group.label);
      expect(familyGroupAges(group.id)).toBe(group.ages);
    }
    for (const genre of musicGenres) expect(genreLabel(genre)).toBe(genre);
    expect(familyGroupWithAges('young_kids')).toBe('Young kids (0-8 years)');
  });

  it('read in Spanish, and an unknown name stays as sent', async () => {
    await changeLocale('es');
    expect(categoryLabel('music')).toBe('Música y espectáculos');
    expect(categoryLabel('dining')).toBe('Comida y restaurantes');
    expect(familyGroupLabel('young_kids')).toBe('Niños pequeños');
    expect(familyGroupWithAges('mixed_ages')).toBe('Edades variadas (de todo un poco)');
    expect(genreLabel('Classical')).toBe('Clásica');
    expect(genreLabel('Polka')).toBe('Polka');
    const names = [
      ...categories.map((category) => categoryLabel(category.id)),
      ...familyGroups.map((group) => familyGroupWithAges(group.id)),
      ...musicGenres.map(genreLabel),
    ];
    for (const name of names) expect(name).not.toMatch(/^app\./);
  });
});
