import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  cleanPollDraft,
  POLL_DESCRIPTION_MAX,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX,
  POLL_TITLE_MAX,
  type PollProblem,
} from '../../../contract/pollRules.ts';
import type { CreatePollBody, Poll } from '../../../contract/polls.ts';
import { createPoll } from '../../api/polls.ts';
import { Button, IconButton, Inline, Modal, TextField } from '../../ui/index.ts';
import { i18n } from './laterMessages.ts';
import * as styles from './polls.css.ts';

/** docs/product.md#spec-3-poll-draft: title, description, options (list of id and text). */
interface DraftOption {
  id: number;
  text: string;
}

interface PollDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** After the poll is stored (the dialog has reset and closed). */
  onCreated?: (poll: Poll) => void;
  /** The API call; tests hand in their own. */
  create?: (body: CreatePollBody) => Promise<Poll>;
}

/** What Create still needs, in the family's language (the code is contract/pollRules.ts's). */
function problemText(code: PollProblem): string {
  switch (code) {
    case 'noTitle':
      return i18n.t('polls.dialog.problem.noTitle');
    case 'titleTooLong':
      return i18n.t('polls.dialog.problem.titleTooLong', { max: POLL_TITLE_MAX });
    case 'descriptionTooLong':
      return i18n.t('polls.dialog.problem.descriptionTooLong', { max: POLL_DESCRIPTION_MAX });
    case 'tooManyOptions':
      return i18n.t('polls.dialog.maxOptions', { max: POLL_MAX_OPTIONS });
    case 'optionTooLong':
      return i18n.t('polls.dialog.problem.optionTooLong', { max: POLL_OPTION_MAX });
    case 'fewOptions':
      return i18n.t('polls.dialog.problem.fewOptions', { min: POLL_MIN_OPTIONS });
  }
}

/**
 * docs/product.md#spec-4-poll-dialog and 5 "Poll": a title (trimmed, required), an optional description and
 * 2 to 5 options of which at least 2 are filled in. Add Option disappears at 5, remove buttons
 * appear only above 2, Create stays disabled until the draft is valid. Closing keeps the draft
 * (the parent keeps this mounted); creating resets it. Loaded on demand: its own chunk.
 */
export default function PollDialog({
  isOpen,
  onOpenChange,
  onCreated,
  create = createPoll,
}: PollDialogProps) {
  const nextId = useRef(POLL_MIN_OPTIONS);
  const emptyOptions = () =>
    Array.from({ length: POLL_MIN_OPTIONS }, (_, index): DraftOption => ({ id: index, text: '' }));
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [options, setOptions] = useState<DraftOption[]>(emptyOptions);
  const optionsLegendId = useId();
  const queryClient = useQueryClient();

  const input = { title, description, options: options.map((o) => o.text) };
  const draft = cleanPollDraft(input);

  const mutation = useMutation({
    // One argument only: React Query passes its context second, which createPoll would take for its client.
    mutationFn: (body: CreatePollBody) => create(body),
    onSuccess: async (poll) => {
      setTitle('');
      setDescription('');
      setOptions(emptyOptions());
      nextId.current = POLL_MIN_OPTIONS;
      onOpenChange(false);
      onCreated?.(poll);
      await queryClient.invalidateQueries({ queryKey: ['/api/polls'] });
    },
  });

  const setOption = (id: number, text: string) =>
    setOptions((current) =>
      current.map((option) => (option.id === id ? { ...option, text } : option)),
    );
  const addOption = () =>
    setOptions((current) =>
      current.length >= POLL_MAX_OPTIONS
        ? current
        : [...current, { id: nextId.current++, text: '' }],
    );
  const removeOption = (id: number) =>
    setOptions((current) =>
      current.length <= POLL_MIN_OPTIONS ? current : current.filter((option) => option.id !== id),
    );

  return (
    <Modal title={i18n.t('polls.dialog.title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.ok && !mutation.isPending) mutation.mutate(draft.poll);
        }}
      >
        <TextField
          label={i18n.t('polls.dialog.titleLabel')}
          placeholder={i18n.t('polls.dialog.titlePlaceholder')}
          value={title}
          onChange={setTitle}
          isRequired
          maxLength={POLL_TITLE_MAX}
          autoFocus
        />
        <TextField
          label={i18n.t('polls.dialog.descriptionLabel')}
          placeholder={i18n.t('polls.dialog.descriptionPlaceholder')}
          value={description}
          onChange={setDescription}
          maxLength={POLL_DESCRIPTION_MAX}
        />
        <fieldset className={styles.fieldset} aria-labelledby={optionsLegendId}>
          <legend id={optionsLegendId} className={styles.legend}>
            {i18n.t('polls.dialog.options')}
          </legend>
          {options.map((option, index) => (
            <Inline key={option.id} space="2" wrap={false}>
              <TextField
                className={styles.grow}
                label={i18n.t('polls.dialog.option', { number: index + 1 })}
                // The legend says "Options"; a label over every field would only repeat it.
                hideLabel
                placeholder={i18n.t('polls.dialog.option', { number: index + 1 })}
                value={option.text}
                onChange={(text) => setOption(option.id, text)}
                maxLength={POLL_OPTION_MAX}
              />
              {options.length > POLL_MIN_OPTIONS ? (
                <IconButton
                  icon="close"
                  variant="plain"
                  aria-label={i18n.t('polls.dialog.removeOption', { number: index + 1 })}
                  onPress={() => removeOption(option.id)}
                />
              ) : null}
            </Inline>
          ))}
          {options.length < POLL_MAX_OPTIONS ? (
            <Button variant="outline" size="sm" onPress={addOption}>
              {i18n.t('polls.dialog.addOption')}
            </Button>
          ) : (
            <p className={styles.hint}>
              {i18n.t('polls.dialog.maxOptions', { max: POLL_MAX_OPTIONS })}
            </p>
          )}
        </fieldset>
        {mutation.isError ? (
          <p className={styles.problem} role="alert">
            {i18n.t('polls.dialog.createFailed', { reason: mutation.error.message })}
          </p>
        ) : null}
        {/* What Create still needs, said before the button it keeps disabled. */}
        {draft.ok ? null : <p className={styles.hint}>{problemText(draft.code)}</p>}
        <Button type="submit" fullWidth isDisabled={!draft.ok} isPending={mutation.isPending}>
          {i18n.t('polls.dialog.create')}
        </Button>
      </form>
    </Modal>
  );
}
