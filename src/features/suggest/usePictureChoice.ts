import { useEffect, useState } from 'react';
import { PICTURE_MAX_BYTES } from '../../../contract/pictures.ts';
import { i18n } from './messages.ts';

/** What the picture store decodes (server/services/pictures/pictures.ts); the picker offers these. */
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
export const pictureMegabytes = PICTURE_MAX_BYTES / (1024 * 1024);

export interface PictureChoice {
  /** The chosen file and its preview URL, or null. */
  chosen: { file: File; preview: string } | null;
  /** Why the last file picked was not taken, in words. */
  problem: string | null;
  pick: (files: FileList | null) => void;
  remove: () => void;
}

/**
 * The suggestion's optional picture: checked for type and size as it is picked (the server
 * checks again), with a preview URL that is let go when the choice changes or the form goes.
 */
export function usePictureChoice(): PictureChoice {
  const [chosen, setChosen] = useState<PictureChoice['chosen']>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!pictureTypes.includes(file.type)) {
      setProblem(i18n.t('suggest.picture.wrongType'));
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setProblem(i18n.t('suggest.picture.tooLarge', { megabytes: pictureMegabytes }));
      return;
    }
    setProblem(null);
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  return { chosen, problem, pick, remove: () => setChosen(null) };
}
