import { useId } from 'react';
import { FileTrigger } from 'react-aria-components';
import * as fieldStyles from '../../ui/field.css.ts';
import { Button, Inline, Stack } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './suggest.css.ts';
import { type PictureChoice, pictureMegabytes, pictureTypes } from './usePictureChoice.ts';

/** The optional picture: a preview of the chosen one, with ways to change or remove it. */
export function PictureField({ picture }: { picture: PictureChoice }) {
  const labelId = useId();
  const { chosen } = picture;
  return (
    <Stack space="2">
      <span className={styles.radioLabel} id={labelId}>
        {i18n.t('suggest.picture.label')}
      </span>
      <Inline space="3" wrap={false}>
        {chosen ? (
          <img
            className={styles.picturePreview}
            src={chosen.preview}
            alt={i18n.t('suggest.picture.chosen', { name: chosen.file.name })}
          />
        ) : null}
        {/* Beside the preview, one above the other: side by side they wrapped their words at
            390 px. */}
        <div className={styles.pictureActions}>
          <FileTrigger acceptedFileTypes={pictureTypes} onSelect={picture.pick}>
            <Button variant="outline" size="sm" aria-describedby={labelId}>
              {chosen ? i18n.t('suggest.picture.change') : i18n.t('suggest.picture.choose')}
            </Button>
          </FileTrigger>
          {chosen ? (
            <Button variant="ghost" size="sm" onPress={picture.remove}>
              {i18n.t('suggest.picture.remove')}
            </Button>
          ) : null}
        </div>
      </Inline>
      {picture.problem ? (
        <p className={fieldStyles.error} role="alert">
          {picture.problem}
        </p>
      ) : (
        <p className={styles.hint}>
          {i18n.t('suggest.picture.hint', { megabytes: pictureMegabytes })}
        </p>
      )}
    </Stack>
  );
}
