import { createActorContext } from '@xstate/react';
import { shakeMachine } from '../../../machines/shake.ts';

/**
 * The home screen's shake flow. The route provides it (with `openEvent` supplied, see
 * src/routes/_shell/index.tsx); the hero, the dialogs and the device listener read and send.
 */
export const ShakeActor = createActorContext(shakeMachine);
