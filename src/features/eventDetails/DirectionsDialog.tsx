import { type FormEvent, useState } from 'react';
import { chooserKind, chosenIndex, type MapOption } from '../../domain/directions.ts';
import { dialogActions, dialogText } from '../../ui/dialog.css.ts';
import { Button, Modal, Stack, TextField } from '../../ui/index.ts';
import * as styles from './eventDetails.css.ts';
import { detailIcons } from './icons.tsx';
import { i18n } from './messages.ts';

interface DirectionsDialogProps {
  options: readonly MapOption[];
  /** Where to, for the dialog's sentence. */
  placeName: string;
  isOpen: boolean;
  onClose: () => void;
  onChoose: (option: MapOption) => void;
}

/**
 * The navigation chooser (docs/product.md#spec-4/5/9) as an in-app dialog rather than window.confirm/prompt,
 * which some in-app browsers block and which cannot be styled or named. Two services: a
 * confirm, one button per service plus Cancel, so each button says what it opens. Three (iOS):
 * the numbered prompt, which takes only a whole number from 1 to 3. Cancel, Escape and a tap
 * outside open nothing.
 */
export function DirectionsDialog({
  options,
  placeName,
  isOpen,
  onClose,
  onChoose,
}: DirectionsDialogProps) {
  return (
    <Modal
      title={i18n.t('eventDetails.directionsDialog.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {chooserKind(options) === 'confirm' ? (
        <Stack space="4">
          <p className={dialogText}>
            {i18n.t('eventDetails.directionsDialog.lead', { place: placeName })}
          </p>
          <Stack space="2">
            {options.map((option) => (
              <Button
                key={option.url}
                fullWidth
                icon={detailIcons.navigation}
                onPress={() => onChoose(option)}
              >
                {i18n.t('eventDetails.directionsDialog.openIn', { name: option.name })}
              </Button>
            ))}
            <Button variant="outline" fullWidth onPress={onClose}>
              {i18n.t('eventDetails.directionsDialog.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <NumberedPrompt
          options={options}
          placeName={placeName}
          onClose={onClose}
          onChoose={onChoose}
        />
      )}
    </Modal>
  );
}

function NumberedPrompt({
  options,
  placeName,
  onClose,
  onChoose,
}: Omit<DirectionsDialogProps, 'isOpen'>) {
  const [answer, setAnswer] = useState('');
  const [rejected, setRejected] = useState(false);
  const count = options.length;
  const accepted = i18n.t('eventDetails.directionsDialog.accepted', { count });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const index = chosenIndex(answer, count);
    const option = index === null ? undefined : options[index];
    // docs/product.md#spec-5: anything but 1..n opens nothing; say what is accepted and let them try again.
    if (option === undefined) {
      setRejected(true);
      return;
    }
    onChoose(option);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack space="4">
        <p className={dialogText}>
          {i18n.t('eventDetails.directionsDialog.lead', { place: placeName })}
        </p>
        <ol className={styles.numberedOptions}>
          {options.map((option) => (
            <li key={option.url}>{option.name}</li>
          ))}
        </ol>
        <TextField
          label={i18n.t('eventDetails.directionsDialog.numberLabel', { count })}
          description={accepted}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setRejected(false);
          }}
          errorMessage={
            rejected ? i18n.t('eventDetails.directionsDialog.rejected', { count }) : undefined
          }
        />
        <div className={dialogActions}>
          <Button variant="outline" onPress={onClose}>
            {i18n.t('eventDetails.directionsDialog.cancel')}
          </Button>
          <Button type="submit" icon={detailIcons.navigation}>
            {i18n.t('eventDetails.directionsDialog.open')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
