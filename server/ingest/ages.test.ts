import { describe, expect, it } from 'vitest';
import {
  type AgeRange,
  agesFromWords,
  inferAgeRange,
  normaliseAgeRange,
  parseTypicalAgeRange,
} from './ages.ts';

const range = (minAge: number | null, maxAge: number | null): AgeRange => ({ minAge, maxAge });

describe('parseTypicalAgeRange (schema.org typicalAgeRange)', () => {
  it.each([
    ['5-12', range(5, 12)],
    ['7–10', range(7, 10)],
    ['5 to 12', range(5, 12)],
    ['18-', range(18, null)],
    ['21+', range(21, null)],
    ['7', range(7, null)],
    ['12-5', range(5, 12)],
    ['0-150', range(0, null)],
    ['teens', null],
    ['', null],
    [null, null],
  ] as const)('%s → %o', (text, expected) => {
    expect(parseTypicalAgeRange(text)).toEqual(expected);
  });
});

describe('agesFromWords (titles, descriptions, iCalendar CATEGORIES)', () => {
  it.each([
    ['Toddler Tumble Time', range(1, 3)],
    ['Preschool Story Hour', range(3, 5)],
    ['Baby & Me Music', range(0, 2)],
    ['Kids’ Yoga in the Park', range(0, 12)],
    ['Tween Book Club', range(9, 12)],
    ['Teen Open Studio', range(13, 17)],
    ['Kids and Teens Coding Night', range(0, 17)],
    ['Toddlers and preschoolers welcome', range(1, 5)],
    ['Craft Beer Tasting (21+)', range(21, null)],
    ['Comedy Night, 18 and over', range(18, null)],
    ['Adults-only museum night', range(18, null)],
    ['Doors 8pm, 18+ to enter, 21+ to drink', range(21, null)],
    ['Science workshop for ages 5-12', range(5, 12)],
    ['Junior robotics, ages 8 to 14', range(8, 14)],
    ['Climbing club, age 6 and up', range(6, null)],
    ['Open to ages 13+', range(13, null)],
    ['Sensory play for kids under 5', range(0, 4)],
    ['Concert for all ages (kids welcome)', range(null, null)],
    ['Jazz in the Park', null],
    ['Family Day', null],
    ['', null],
  ] as const)('%s → %o', (text, expected) => {
    expect(agesFromWords([text])).toEqual(expected);
  });

  it('reads every text it is given, such as CATEGORIES beside the title', () => {
    expect(agesFromWords(['Saturday Crafts', null, 'Teens', 'Arts'])).toEqual(range(13, 17));
  });
});

describe('inferAgeRange', () => {
  it("prefers the source's structured range to the words", () => {
    expect(inferAgeRange({ structured: range(5, 12), texts: ['Teen night'] })).toEqual(
      range(5, 12),
    );
  });

  it('falls back to the words when the structured range is empty', () => {
    expect(inferAgeRange({ structured: range(null, null), texts: ['Toddler time'] })).toEqual(
      range(1, 3),
    );
  });

  it('reads an enforced legal age as 21+ unless the words say 18+', () => {
    expect(inferAgeRange({ legalAgeEnforced: true, texts: ['Rock show'] })).toEqual(
      range(21, null),
    );
    expect(inferAgeRange({ legalAgeEnforced: true, texts: ['Rock show, 18+'] })).toEqual(
      range(18, null),
    );
    expect(inferAgeRange({ legalAgeEnforced: true, texts: ['Kids welcome'] })).toEqual(
      range(21, null),
    );
  });

  it('is all ages (null/null) when nothing says otherwise', () => {
    expect(inferAgeRange({ texts: ['Farmers Market'] })).toEqual(range(null, null));
  });
});

describe('normaliseAgeRange', () => {
  it.each([
    [{ minAge: 3, maxAge: 8 }, range(3, 8)],
    [{ minAge: 8, maxAge: 3 }, range(3, 8)],
    [{ minAge: -1, maxAge: 8 }, range(null, 8)],
    [{ minAge: 2.5, maxAge: 200 }, range(null, null)],
    [{ minAge: Number.NaN }, range(null, null)],
    [{}, range(null, null)],
  ])('%o → %o', (input, expected) => {
    expect(normaliseAgeRange(input)).toEqual(expected);
  });
});
