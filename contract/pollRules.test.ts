import { describe, expect, it } from 'vitest';
import { cleanPollDraft, POLL_OPTION_MAX, POLL_TITLE_MAX } from './pollRules.ts';

describe('cleanPollDraft', () => {
  it.each([
    [{ title: ' ', options: ['A', 'B'] }, 'noTitle', 'title', 'Give the poll a title.'],
    [
      { title: 'x'.repeat(POLL_TITLE_MAX + 1), options: ['A', 'B'] },
      'titleTooLong',
      'title',
      'The title can be at most 120 characters.',
    ],
    [
      { title: 'Lunch', description: 'x'.repeat(501), options: ['A', 'B'] },
      'descriptionTooLong',
      'description',
      'The description can be at most 500 characters.',
    ],
    [
      { title: 'Lunch', options: ['A', 'B', 'C', 'D', 'E', 'F'] },
      'tooManyOptions',
      'options',
      'A poll has at most 5 options.',
    ],
    [
      { title: 'Lunch', options: ['A', 'x'.repeat(POLL_OPTION_MAX + 1)] },
      'optionTooLong',
      'options',
      'Each option can be at most 80 characters.',
    ],
    [
      { title: 'Lunch', options: ['A', ' '] },
      'fewOptions',
      'options',
      'Fill in at least 2 options.',
    ],
  ] as const)('names the first problem: %j → %s', (draft, code, field, problem) => {
    // The code is what the app words in the family's language; the sentence is the API's.
    expect(cleanPollDraft(draft)).toEqual({ ok: false, code, field, problem });
  });

  it('trims the draft and drops blank options', () => {
    expect(cleanPollDraft({ title: ' Lunch ', options: [' Tacos ', '', 'Pizza'] })).toEqual({
      ok: true,
      poll: { title: 'Lunch', description: '', options: ['Tacos', 'Pizza'] },
    });
  });
});
