/**
 * The rules of a poll (docs/product.md#spec-5-poll, docs/product.md#spec-9-poll-options), in one place for the
 * dialog that enforces them as the user types and the server that enforces them on arrival.
 * Plain code without TypeBox, so the client imports it without the schema library.
 */

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 5;
export const POLL_TITLE_MAX = 120;
export const POLL_DESCRIPTION_MAX = 500;
export const POLL_OPTION_MAX = 80;

/** What a poll is created from: the dialog's fields as typed. */
export interface PollDraftInput {
  title: string;
  description?: string;
  options: readonly string[];
}

/** A draft as it is stored: trimmed, blank options dropped. */
export interface CleanPollDraft {
  title: string;
  description: string;
  options: string[];
}

/**
 * What is wrong with a draft, as a code the app words in the family's language
 * (src/features/polls/PollDialog.tsx); the limit it broke is the matching POLL_* constant.
 */
export type PollProblem =
  | 'noTitle'
  | 'titleTooLong'
  | 'descriptionTooLong'
  | 'tooManyOptions'
  | 'optionTooLong'
  | 'fewOptions';

/** The field each problem is about, for an API caller. */
const problemFields: Record<PollProblem, 'title' | 'description' | 'options'> = {
  noTitle: 'title',
  titleTooLong: 'title',
  descriptionTooLong: 'description',
  tooManyOptions: 'options',
  optionTooLong: 'options',
  fewOptions: 'options',
};

/** The API's sentence for a problem (English, as the API's error messages are). */
const problemSentences: Record<PollProblem, string> = {
  noTitle: 'Give the poll a title.',
  titleTooLong: `The title can be at most ${POLL_TITLE_MAX} characters.`,
  descriptionTooLong: `The description can be at most ${POLL_DESCRIPTION_MAX} characters.`,
  tooManyOptions: `A poll has at most ${POLL_MAX_OPTIONS} options.`,
  optionTooLong: `Each option can be at most ${POLL_OPTION_MAX} characters.`,
  fewOptions: `Fill in at least ${POLL_MIN_OPTIONS} options.`,
};

export type PollDraftResult =
  | { ok: true; poll: CleanPollDraft }
  | { ok: false; code: PollProblem; field: string; problem: string };

/**
 * The draft as it would be stored, or its first problem: a code (the dialog words it in the
 * family's language), the field it is about and the API's sentence (the server's answer to an
 * API caller). Lengths count after trimming.
 */
export function cleanPollDraft(draft: PollDraftInput): PollDraftResult {
  const title = draft.title.trim();
  const description = (draft.description ?? '').trim();
  const options = draft.options.map((option) => option.trim()).filter((option) => option !== '');
  const code = firstProblem(title, description, draft.options.length, options);
  if (code) return { ok: false, code, field: problemFields[code], problem: problemSentences[code] };
  return { ok: true, poll: { title, description, options } };
}

function firstProblem(
  title: string,
  description: string,
  optionCount: number,
  options: readonly string[],
): PollProblem | null {
  if (title === '') return 'noTitle';
  if (title.length > POLL_TITLE_MAX) return 'titleTooLong';
  if (description.length > POLL_DESCRIPTION_MAX) return 'descriptionTooLong';
  if (optionCount > POLL_MAX_OPTIONS) return 'tooManyOptions';
  if (options.some((option) => option.length > POLL_OPTION_MAX)) return 'optionTooLong';
  if (options.length < POLL_MIN_OPTIONS) return 'fewOptions';
  return null;
}
