import type { StoredCategoryId } from '../../../contract/categories.ts';
import { suggestionProblem } from '../../../contract/suggestionRules.ts';
import type { SuggestEventBody } from '../../../contract/suggestions.ts';
import { i18n } from './messages.ts';

/*
 * The 'Suggest an event' form as typed, and the browser's check of it: pure, so the hook that
 * holds it (useSuggestionDraft.ts) and the fieldsets that show it share one shape.
 */

/** The form as typed: every control's text, so a failed send keeps all of it. */
export interface Draft {
  title: string;
  description: string;
  date: string;
  allDay: boolean;
  time: string;
  venue: string;
  address: string;
  place: string;
  price: string;
  category: StoredCategoryId | null;
  minAge: string;
  maxAge: string;
  ticketUrl: string;
}

export type DraftField = keyof Draft;
export type FieldErrors = Partial<Record<DraftField, string>>;

/** Sets one field; curried, so a control takes `onChange={set('title')}`. */
export type DraftSetter = <K extends DraftField>(field: K) => (value: Draft[K]) => void;

/** What every fieldset of the form is given. */
export interface FieldsetProps {
  draft: Draft;
  errors: FieldErrors;
  set: DraftSetter;
}

export const emptyDraft: Draft = {
  title: '',
  description: '',
  date: '',
  allDay: false,
  time: '',
  venue: '',
  address: '',
  place: '',
  price: '',
  category: null,
  minAge: '',
  maxAge: '',
  ticketUrl: '',
};

/** Whether the API's `field` names one of the form's fields (the request's are the same names). */
export function isDraftField(name: string): name is DraftField {
  const known: readonly string[] = Object.keys(emptyDraft);
  return known.includes(name);
}

function parseAge(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 120) return 'invalid';
  return Number(trimmed);
}

/**
 * The contract's rule problems (suggestionProblem, which the server words too), as the form says
 * them in the language it speaks; a rule this form does not know keeps the contract's words.
 */
function ruleProblemText(rule: { field: string; problem: string }): string {
  if (rule.field === 'maxAge') return i18n.t('suggest.errors.agesOrder');
  if (rule.field === 'ticketUrl') return i18n.t('suggest.errors.ticketUrl');
  return rule.problem;
}

/**
 * The body to send, or what to fix first, per field, in words. The server checks all of it
 * again (and places the town); this only saves a round trip for what the browser can see.
 */
export function checkDraft(
  draft: Draft,
  today: string,
): { ok: true; body: SuggestEventBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (draft.title.trim() === '') errors.title = i18n.t('suggest.errors.title');
  if (draft.date === '') errors.date = i18n.t('suggest.errors.date');
  else if (draft.date < today) errors.date = i18n.t('suggest.errors.datePassed');
  if (!draft.allDay && draft.time === '') {
    errors.time = i18n.t('suggest.errors.time');
  }
  if (draft.venue.trim() === '') errors.venue = i18n.t('suggest.errors.venue');
  if (draft.place.trim() === '') errors.place = i18n.t('suggest.errors.place');
  if (draft.category === null) errors.category = i18n.t('suggest.errors.category');
  const minAge = parseAge(draft.minAge);
  const maxAge = parseAge(draft.maxAge);
  if (minAge === 'invalid') errors.minAge = i18n.t('suggest.errors.age');
  if (maxAge === 'invalid') errors.maxAge = i18n.t('suggest.errors.age');
  const rules = suggestionProblem({
    minAge: minAge === 'invalid' ? null : minAge,
    maxAge: maxAge === 'invalid' ? null : maxAge,
    ticketUrl: draft.ticketUrl,
  });
  if (rules) errors[rules.field as DraftField] ??= ruleProblemText(rules);
  if (Object.keys(errors).length > 0 || draft.category === null) return { ok: false, errors };
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  const body: SuggestEventBody = {
    title: draft.title.trim(),
    date: draft.date,
    venue: draft.venue.trim(),
    place: draft.place.trim(),
    category: draft.category,
  };
  const description = optional(draft.description);
  if (description !== undefined) body.description = description;
  if (!draft.allDay) body.time = draft.time;
  const address = optional(draft.address);
  if (address !== undefined) body.address = address;
  const price = optional(draft.price);
  if (price !== undefined) body.price = price;
  if (typeof minAge === 'number') body.minAge = minAge;
  if (typeof maxAge === 'number') body.maxAge = maxAge;
  const ticketUrl = optional(draft.ticketUrl);
  if (ticketUrl !== undefined) body.ticketUrl = ticketUrl;
  return { ok: true, body };
}

/**
 * The browser's marks still deserved after `changed` was edited: its own goes (it is being
 * fixed, as before), and every other one goes as soon as the check no longer finds it (All day
 * switched on clears the start time's; a fixed youngest age clears the oldest's) or takes the
 * check's newer words. Nothing new is marked before the next Send.
 */
export function marksAfterEdit(
  marked: FieldErrors,
  changed: DraftField,
  draft: Draft,
  today: string,
): FieldErrors {
  const checked = checkDraft(draft, today);
  const stillWrong: FieldErrors = checked.ok ? {} : checked.errors;
  const remaining: FieldErrors = {};
  for (const field of Object.keys(marked) as DraftField[]) {
    const text = stillWrong[field];
    if (field !== changed && marked[field] !== undefined && text !== undefined) {
      remaining[field] = text;
    }
  }
  return remaining;
}
