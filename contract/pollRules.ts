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
 * The draft as it would be stored, or the first problem with it, worded for the person typing
 * (and naming the field, for an API caller). Lengths count after trimming.
 */
export function cleanPollDraft(
  draft: PollDraftInput,
): { ok: true; poll: CleanPollDraft } | { ok: false; field: string; problem: string } {
  const title = draft.title.trim();
  const description = (draft.description ?? '').trim();
  const options = draft.options.map((option) => option.trim()).filter((option) => option !== '');
  if (title === '') return { ok: false, field: 'title', problem: 'Give the poll a title.' };
  if (title.length > POLL_TITLE_MAX) {
    return {
      ok: false,
      field: 'title',
      problem: `The title can be at most ${POLL_TITLE_MAX} characters.`,
    };
  }
  if (description.length > POLL_DESCRIPTION_MAX) {
    return {
      ok: false,
      field: 'description',
      problem: `The description can be at most ${POLL_DESCRIPTION_MAX} characters.`,
    };
  }
  if (draft.options.length > POLL_MAX_OPTIONS) {
    return {
      ok: false,
      field: 'options',
      problem: `A poll has at most ${POLL_MAX_OPTIONS} options.`,
    };
  }
  if (options.some((option) => option.length > POLL_OPTION_MAX)) {
    return {
      ok: false,
      field: 'options',
      problem: `Each option can be at most ${POLL_OPTION_MAX} characters.`,
    };
  }
  if (options.length < POLL_MIN_OPTIONS) {
    return {
      ok: false,
      field: 'options',
      problem: `Fill in at least ${POLL_MIN_OPTIONS} options.`,
    };
  }
  return { ok: true, poll: { title, description, options } };
}
