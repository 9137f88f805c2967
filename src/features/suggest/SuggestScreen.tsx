import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  TextField as AriaTextField,
  FieldError,
  FileTrigger,
  Label,
  Radio,
  RadioGroup,
  TextArea,
} from 'react-aria-components';
import { categories, type StoredCategoryId } from '../../../contract/categories.ts';
import { PICTURE_MAX_BYTES } from '../../../contract/pictures.ts';
import {
  MAX_WAITING_SUGGESTIONS,
  SUGGESTION_ADDRESS_MAX,
  SUGGESTION_DESCRIPTION_MAX,
  SUGGESTION_PLACE_MAX,
  SUGGESTION_PRICE_MAX,
  SUGGESTION_TICKET_URL_MAX,
  SUGGESTION_TITLE_MAX,
  SUGGESTION_VENUE_MAX,
  suggestionProblem,
} from '../../../contract/suggestionRules.ts';
import type { SuggestEventBody, Suggestion } from '../../../contract/suggestions.ts';
import { apiErrorMessage, HTTPError } from '../../api/client.ts';
import { isoDay } from '../../domain/dateFilter.ts';
import * as fieldStyles from '../../ui/field.css.ts';
import { Button, LinkButton, PageHeader, Switch, TextField } from '../../ui/index.ts';
import { chipRecipe } from '../../ui/surfaces.css.ts';
import { SuggestionStatusBadge, suggestionWhen } from './SuggestionStatus.tsx';
import * as styles from './suggest.css.ts';
import { mySuggestionsKey, suggestEvent, uploadSuggestionPicture } from './suggestionsApi.ts';

/** The categories an event is stored under, in the app's order: the form's choices. */
const categoryChoices = categories.filter(
  (category): category is Extract<(typeof categories)[number], { stored: true }> => category.stored,
);

/** What the picture store decodes (server/images/store.ts); the picker offers these. */
const pictureTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
const pictureMegabytes = PICTURE_MAX_BYTES / (1024 * 1024);

/** The form as typed: every control's text, so a failed send keeps all of it. */
interface Draft {
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

type Field = keyof Draft;
type FieldErrors = Partial<Record<Field, string>>;

const emptyDraft: Draft = {
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

function parseAge(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > 120) return 'invalid';
  return Number(trimmed);
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
  if (draft.title.trim() === '') errors.title = 'Give the event its name.';
  if (draft.date === '') errors.date = 'Choose the day of the event.';
  else if (draft.date < today) errors.date = 'That day has passed. Suggest an upcoming event.';
  if (!draft.allDay && draft.time === '') {
    errors.time = 'Choose the start time, or switch on All day.';
  }
  if (draft.venue.trim() === '') errors.venue = 'Say where it happens (the venue or park).';
  if (draft.place.trim() === '')
    errors.place = 'Give the town or ZIP code, so families nearby find it.';
  if (draft.category === null) errors.category = 'Choose the category that fits best.';
  const minAge = parseAge(draft.minAge);
  const maxAge = parseAge(draft.maxAge);
  if (minAge === 'invalid') errors.minAge = 'An age is a whole number from 0 to 120.';
  if (maxAge === 'invalid') errors.maxAge = 'An age is a whole number from 0 to 120.';
  const rules = suggestionProblem({
    minAge: minAge === 'invalid' ? null : minAge,
    maxAge: maxAge === 'invalid' ? null : maxAge,
    ticketUrl: draft.ticketUrl,
  });
  if (rules) errors[rules.field as Field] ??= rules.problem;
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

const apiFieldPattern = /^body\/(\w+)(?::\s*|\s+)(.*)$/s;

/**
 * The API names the field it refuses ('body/place: We couldn't find …'): that sentence goes
 * under the field; anything else goes in the form's alert.
 */
function placeApiError(message: string): { field: Field; text: string } | null {
  const match = apiFieldPattern.exec(message);
  const field = match?.[1];
  const known: readonly string[] = Object.keys(emptyDraft);
  if (!match || field === undefined || !known.includes(field)) return null;
  const text = match[2] ?? '';
  // A schema refusal ('must match pattern …') is not a sentence for a person: say it plainly.
  return {
    field: field as Field,
    text: /^[A-Z]/.test(text) ? text : 'Check this field: it is not in a form FamJam accepts.',
  };
}

/**
 * The browser's marks still deserved after `changed` was edited: its own goes (it is being
 * fixed, as before), and every other one goes as soon as the check no longer finds it (All day
 * switched on clears the start time's; a fixed youngest age clears the oldest's) or takes the
 * check's newer words. Nothing new is marked before the next Send.
 */
function marksAfterEdit(
  marked: FieldErrors,
  changed: Field,
  draft: Draft,
  today: string,
): FieldErrors {
  const checked = checkDraft(draft, today);
  const stillWrong: FieldErrors = checked.ok ? {} : checked.errors;
  const remaining: FieldErrors = {};
  for (const field of Object.keys(marked) as Field[]) {
    const text = stillWrong[field];
    if (field !== changed && marked[field] !== undefined && text !== undefined) {
      remaining[field] = text;
    }
  }
  return remaining;
}

const secondLook = 'Some answers need a second look: see the fields marked below.';

type PictureChoice = { file: File; preview: string } | null;

interface SuggestScreenProps {
  /** The API calls; tests hand in their own. */
  send?: (body: SuggestEventBody) => Promise<Suggestion>;
  sendPicture?: (id: string, picture: Blob) => Promise<Suggestion>;
  /** Today in this browser, for the date field's minimum; tests fix it. */
  today?: string;
}

/**
 * 'Suggest an event' (docs/suggestions.md): a signed-in family tells FamJam about an event; it
 * waits for an operator's review and its status shows on Profile. The picture is optional and
 * sent after the suggestion is stored, so a refused picture never loses the suggestion.
 */
export function SuggestScreen({
  send = suggestEvent,
  sendPicture = uploadSuggestionPicture,
  today = isoDay(new Date()),
}: SuggestScreenProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** What the browser's check marked at the last Send, less what was fixed since. */
  const [checkedErrors, setCheckedErrors] = useState<FieldErrors>({});
  /** The field the API refused (an unknown town), until that field is edited. */
  const [apiError, setApiError] = useState<{ field: Field; text: string } | null>(null);
  /** Why a send failed for a reason no field shows (the network, too many waiting). */
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [picture, setPicture] = useState<PictureChoice>(null);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{
    suggestion: Suggestion;
    pictureFailure: string | null;
  } | null>(null);
  const queryClient = useQueryClient();
  const formId = useId();

  useEffect(
    () => () => {
      if (picture) URL.revokeObjectURL(picture.preview);
    },
    [picture],
  );

  const set =
    <K extends Field>(field: K) =>
    (value: Draft[K]) => {
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
    ? secondLook
    : sendFailure;

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!pictureTypes.includes(file.type)) {
      setPictureProblem('Choose a JPEG, PNG, WebP, AVIF or GIF picture.');
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setPictureProblem(
        `That picture is larger than ${pictureMegabytes} MB. Choose a smaller one.`,
      );
      return;
    }
    setPictureProblem(null);
    setPicture({ file, preview: URL.createObjectURL(file) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkDraft(draft, today);
    if (!checked.ok) {
      setCheckedErrors(checked.errors);
      setApiError(null);
      setSendFailure(null);
      return;
    }
    setSending(true);
    setCheckedErrors({});
    setApiError(null);
    setSendFailure(null);
    let suggestion: Suggestion;
    try {
      suggestion = await send(checked.body);
    } catch (error) {
      const message = apiErrorMessage(error);
      const placed = error instanceof HTTPError ? placeApiError(message) : null;
      if (placed) setApiError(placed);
      else setSendFailure(`We couldn't send your suggestion. ${message}`);
      setSending(false);
      return;
    }
    let pictureFailure: string | null = null;
    if (picture) {
      try {
        suggestion = await sendPicture(suggestion.id, picture.file);
      } catch (error) {
        pictureFailure = apiErrorMessage(error);
      }
    }
    setSending(false);
    setSent({ suggestion, pictureFailure });
    await queryClient.invalidateQueries({ queryKey: mySuggestionsKey });
  };

  if (sent) {
    return (
      <div className={styles.page}>
        <PageHeader title="Suggest an event" />
        <section className={styles.done} aria-labelledby={`${formId}-done`} role="status">
          <h2 id={`${formId}-done`} className={styles.doneTitle}>
            Thank you! We got “{sent.suggestion.title}”
          </h2>
          <p className={styles.doneText}>
            {suggestionWhen(sent.suggestion)} at {sent.suggestion.venue}, {sent.suggestion.location}
          </p>
          <SuggestionStatusBadge suggestion={sent.suggestion} />
          <p className={styles.doneText}>
            A FamJam operator reviews it soon. Its status stays on your profile.
          </p>
          {sent.pictureFailure ? (
            <p className={styles.problem} role="alert">
              Your suggestion is saved, but its picture was not: {sent.pictureFailure}
            </p>
          ) : null}
          <div className={styles.actions}>
            <LinkButton to="/profile" variant="outline" icon="user">
              Back to Profile
            </LinkButton>
            <Button
              variant="secondary"
              icon="sparkles"
              onPress={() => {
                setDraft(emptyDraft);
                setPicture(null);
                setSent(null);
              }}
            >
              Suggest another
            </Button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Suggest an event"
        lead={`Know something families nearby would love? Tell us. An operator checks it before it is listed; up to ${MAX_WAITING_SUGGESTIONS} of yours can wait at once.`}
      />
      <form
        className={styles.form}
        aria-label="Suggest an event"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>What</legend>
          <TextField
            label="Event name"
            value={draft.title}
            onChange={set('title')}
            isRequired
            maxLength={SUGGESTION_TITLE_MAX}
            errorMessage={errors.title}
          />
          <AriaTextField
            className={fieldStyles.field}
            value={draft.description}
            onChange={set('description')}
            maxLength={SUGGESTION_DESCRIPTION_MAX}
          >
            <Label className={fieldStyles.label}>Description (optional)</Label>
            <TextArea
              className={`${fieldStyles.input} ${styles.textArea}`}
              placeholder="What happens, who it is for, what to bring"
            />
          </AriaTextField>
          <RadioGroup
            className={styles.radioGroup}
            value={draft.category}
            onChange={(value) => set('category')(value as StoredCategoryId)}
            isRequired
            isInvalid={errors.category !== undefined}
          >
            <Label className={styles.radioLabel}>Category</Label>
            <div className={styles.chips}>
              {categoryChoices.map((category) => (
                <Radio
                  key={category.id}
                  value={category.id}
                  className={chipRecipe({ compact: true })}
                >
                  {category.label}
                </Radio>
              ))}
            </div>
            <FieldError className={fieldStyles.error}>{errors.category}</FieldError>
          </RadioGroup>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>When</legend>
          <Switch isSelected={draft.allDay} onChange={set('allDay')} labelFirst>
            All day
          </Switch>
          <div className={styles.pair}>
            <TextField
              label="Date"
              type="date"
              value={draft.date}
              onChange={set('date')}
              isRequired
              errorMessage={errors.date}
            />
            {draft.allDay ? null : (
              <TextField
                label="Start time"
                type="time"
                value={draft.time}
                onChange={set('time')}
                isRequired
                errorMessage={errors.time}
              />
            )}
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Where</legend>
          <TextField
            label="Venue"
            placeholder="e.g. Lake Merritt Amphitheater"
            value={draft.venue}
            onChange={set('venue')}
            isRequired
            maxLength={SUGGESTION_VENUE_MAX}
            errorMessage={errors.venue}
          />
          <TextField
            label="Street address (optional)"
            value={draft.address}
            onChange={set('address')}
            maxLength={SUGGESTION_ADDRESS_MAX}
            autoComplete="street-address"
          />
          <TextField
            label="Town or ZIP code"
            placeholder="e.g. Oakland, CA"
            description="Puts the event on the map for families nearby."
            value={draft.place}
            onChange={set('place')}
            isRequired
            maxLength={SUGGESTION_PLACE_MAX}
            errorMessage={errors.place}
          />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Details</legend>
          <TextField
            label="Price (optional)"
            placeholder="e.g. $12, kids free"
            description="Leave blank when it is free."
            value={draft.price}
            onChange={set('price')}
            maxLength={SUGGESTION_PRICE_MAX}
          />
          <p className={styles.hint}>
            Ages are optional: leave both blank when it is for everyone.
          </p>
          <div className={styles.pair}>
            <TextField
              label="Youngest age"
              inputMode="numeric"
              value={draft.minAge}
              onChange={set('minAge')}
              errorMessage={errors.minAge}
            />
            <TextField
              label="Oldest age"
              inputMode="numeric"
              value={draft.maxAge}
              onChange={set('maxAge')}
              errorMessage={errors.maxAge}
            />
          </div>
          <TextField
            label="Ticket or info link (optional)"
            type="url"
            placeholder="https://"
            value={draft.ticketUrl}
            onChange={set('ticketUrl')}
            maxLength={SUGGESTION_TICKET_URL_MAX}
            errorMessage={errors.ticketUrl}
          />
          <div className={styles.radioGroup}>
            <span className={styles.radioLabel} id={`${formId}-picture`}>
              Picture (optional)
            </span>
            <div className={styles.pictureRow}>
              {picture ? (
                <img
                  className={styles.picturePreview}
                  src={picture.preview}
                  alt={`Chosen: ${picture.file.name}`}
                />
              ) : null}
              {/* Beside the preview, one above the other: side by side they wrapped their
                  words at 390 px. */}
              <div className={styles.pictureActions}>
                <FileTrigger acceptedFileTypes={pictureTypes} onSelect={pick}>
                  <Button variant="outline" size="sm" aria-describedby={`${formId}-picture`}>
                    {picture ? 'Change picture' : 'Choose a picture'}
                  </Button>
                </FileTrigger>
                {picture ? (
                  <Button variant="ghost" size="sm" onPress={() => setPicture(null)}>
                    Remove picture
                  </Button>
                ) : null}
              </div>
            </div>
            {pictureProblem ? (
              <p className={fieldStyles.error} role="alert">
                {pictureProblem}
              </p>
            ) : (
              <p className={styles.hint}>
                A photo or poster of the event, at most {pictureMegabytes} MB.
              </p>
            )}
          </div>
        </fieldset>

        {failure ? (
          <p className={styles.problem} role="alert">
            {failure}
          </p>
        ) : null}
        <Button type="submit" fullWidth isPending={sending} icon="sparkles">
          Send for review
        </Button>
      </form>
    </div>
  );
}
