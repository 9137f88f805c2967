import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';

/** Dev only: loaded by inspector.ts behind the inspect flag, never part of the production build. */
export function createInspector(): Observer<InspectionEvent> {
  return createBrowserInspector().inspect;
}
