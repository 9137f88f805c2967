import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SuggestEventBody, Suggestion } from '../../../contract/suggestions.ts';
import { apiErrorField, apiErrorMessage } from '../../api/client.ts';
import { mySuggestionsQueryKey } from '../../api/suggestions.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { i18n } from './messages.ts';
import {
  checkDraft,
  type Draft,
  type DraftField,
  type DraftSetter,
  emptyDraft,
  type FieldErrors,
  isDraftField,
  marksAfterEdit,
} from './suggestionDraft.ts';
import { type PictureChoice, usePictureChoice } from './usePictureChoice.ts';

/** A suggestion the API took, and why its picture was not, if it was not. */
export interface SentSuggestion {
  suggestion: Suggestion;
  pictureFailure: string | null;
}

export interface SuggestionApi {
  send: (body: SuggestEventBody) => Promise<Suggestion>;
  sendPicture: (id: string, picture: Blob) => Promise<Suggestion>;
}

/**
 * The API's refusal of one field (an unknown town), to show under that field, or null when it
 * names none of the form's fields. The field comes from the error body's `field`; the sentence
 * is shown as it is, without the request path some messages begin with ('body/place: …'). A
 * schema's refusal ('body/time must match pattern …') is not a sentence for a person, so it
 * reads plainly instead.
 */
function fieldRefusal(error: unknown): { field: DraftField; text: string } | null {
  const field = apiErrorField(error);
  if (field === null || !isDraftField(field)) return null;
  const message = apiErrorMessage(error);
  const path = `body/${field}`;
  const afterPath = message.startsWith(path) ? message.slice(path.length) : '';
  const text = /^(:|\s)/.test(afterPath) ? afterPath.replace(/^:?\s*/, '') : message;
  return {
    field,
    text: /^[A-Z]/.test(text)
      ? text
      : i18n.t('suggest.errors.notAccepted', { product: PRODUCT_NAME }),
  };
}

/**
 * The 'Suggest an event' form's state: what was typed, the marks on fields (the browser's check
 * at the last Send, and the API's refusal of a field), the picture, and sending. The picture
 * goes after the suggestion is stored, so a refused picture never loses the suggestion.
 */
export function useSuggestionDraft({
  send,
  sendPicture,
  today,
}: SuggestionApi & { today: string }) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** What the browser's check marked at the last Send, less what was fixed since. */
  const [checkedErrors, setCheckedErrors] = useState<FieldErrors>({});
  /** The field the API refused (an unknown town), until that field is edited. */
  const [apiError, setApiError] = useState<{ field: DraftField; text: string } | null>(null);
  /** Why a send failed for a reason no field shows (the network, too many waiting). */
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SentSuggestion | null>(null);
  const picture: PictureChoice = usePictureChoice();
  const queryClient = useQueryClient();

  const set: DraftSetter = (field) => (value) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setCheckedErrors((current) => marksAfterEdit(current, field, next, today));
    setApiError((current) => (current?.field === field ? null : current));
  };
  const errors: FieldErrors = apiError
    ? { ...checkedErrors, [apiError.field]: apiError.text }
    : checkedErrors;
  // The summary lasts as long as a field is marked: it goes with the last one fixed.
  const failure = Object.values(errors).some((text) => text !== undefined)
    ? i18n.t('suggest.errors.secondLook')
    : sendFailure;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkDraft(draft, today);
    setCheckedErrors(checked.ok ? {} : checked.errors);
    setApiError(null);
    setSendFailure(null);
    if (!checked.ok) return;
    setSending(true);
    let suggestion: Suggestion;
    try {
      suggestion = await send(checked.body);
    } catch (error) {
      const refusal = fieldRefusal(error);
      if (refusal) setApiError(refusal);
      else setSendFailure(i18n.t('suggest.errors.sendFailed', { reason: apiErrorMessage(error) }));
      setSending(false);
      return;
    }
    let pictureFailure: string | null = null;
    if (picture.chosen) {
      try {
        suggestion = await sendPicture(suggestion.id, picture.chosen.file);
      } catch (error) {
        pictureFailure = apiErrorMessage(error);
      }
    }
    setSending(false);
    setSent({ suggestion, pictureFailure });
    await queryClient.invalidateQueries({ queryKey: mySuggestionsQueryKey });
  };

  /** Back to an empty form after a suggestion was sent. */
  const startAnother = () => {
    setDraft(emptyDraft);
    picture.remove();
    setSent(null);
  };

  return { draft, set, errors, failure, sending, picture, sent, submit, startAnother };
}
