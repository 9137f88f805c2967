import { useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { profilePhotoTypes, type UserRecord } from '../../../contract/user.ts';
import { apiErrorMessage, HTTPError } from '../../api/client.ts';
import { uploadProfilePhoto } from '../../api/profilePhoto.ts';
import * as formStyles from '../../ui/formSection.css.ts';
import { Avatar, Button, Icon } from '../../ui/index.ts';
import { i18n } from './messages.ts';
import * as styles from './onboarding.css.ts';
import { PhotoError, resizePhoto } from './resizePhoto.ts';

type PhotoState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'uploaded' }
  | { kind: 'failed'; message: string };

/**
 * Complete's optional profile photo: picked, resized in the browser (resizePhoto), uploaded to
 * POST /api/me/photo, then shown. A refused or failed photo says why and keeps the one before.
 */
export function ProfilePhotoPicker({
  name,
  onUploaded,
}: {
  /** For the avatar's initial until there is a photo. */
  name: string;
  onUploaded: (record: UserRecord) => void;
}) {
  const [state, setState] = useState<PhotoState>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pick(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setState({ kind: 'uploading' });
    try {
      const photo = await resizePhoto(file);
      const record = await uploadProfilePhoto(photo);
      setPreview(URL.createObjectURL(photo));
      setState({ kind: 'uploaded' });
      onUploaded(record);
    } catch (failure) {
      setState({
        kind: 'failed',
        message:
          failure instanceof PhotoError || failure instanceof HTTPError
            ? apiErrorMessage(failure)
            : i18n.t('onboarding.photo.unreachable'),
      });
    }
  }

  return (
    <section className={formStyles.formSection} aria-labelledby="profile-photo-title">
      <h2 id="profile-photo-title" className={formStyles.formSectionTitle}>
        {i18n.t('onboarding.photo.title')}
      </h2>
      <div className={styles.photoRow}>
        <Avatar photoURL={preview} name={name} size={72} />
        <FileTrigger
          acceptedFileTypes={[...profilePhotoTypes]}
          onSelect={(files) => void pick(files)}
        >
          <Button variant="secondary" icon="user" isPending={state.kind === 'uploading'}>
            {preview ? i18n.t('onboarding.photo.change') : i18n.t('onboarding.photo.choose')}
          </Button>
        </FileTrigger>
      </div>
      <p className={formStyles.statusLine} role="status">
        {state.kind === 'uploading'
          ? i18n.t('onboarding.photo.uploading')
          : state.kind === 'uploaded'
            ? i18n.t('onboarding.photo.saved')
            : i18n.t('onboarding.photo.hint')}
      </p>
      {state.kind === 'failed' ? (
        <div role="alert" className={formStyles.formAlert}>
          <Icon name="alert" size={20} className={formStyles.formAlertIcon} />
          <span>{state.message}</span>
        </div>
      ) : null}
    </section>
  );
}
