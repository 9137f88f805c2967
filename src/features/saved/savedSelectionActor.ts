import { createActorContext } from '@xstate/react';
import { savedSelectionMachine } from '../../../machines/savedSelection.ts';

/**
 * The Saved screen's select mode. The route provides it (with `selectEvent`, `deleteSaved` and
 * `clearSaved` supplied, see src/routes/_shell/saved.tsx); the toolbar, cards and dialog read and
 * send.
 */
export const SavedSelectionActor = createActorContext(savedSelectionMachine);
