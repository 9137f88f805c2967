/*
 * What a toast is, shared by the provider (Toast.tsx) and the region it loads lazily
 * (ToastRegion.tsx), so the region does not import back into the module that loads it.
 */

/** docs/product.md#spec-9-toasts: one at a time (the newest), shown 5000 ms, swiped right past 50 px to dismiss, F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';
// The spec's 1,000,000 ms "removal delay after dismissal" belongs to the toast library it was
// written against (dismissed toasts lingered in its store); react-aria removes a closed toast at
// once, and the next queued one shows.

export interface ToastMessage {
  title: string;
  description?: string;
  /**
   * One button beside the text ('Reload'). A toast with an action stays until it is pressed or
   * dismissed: a choice that vanishes after 5 s is one a slow reader never gets (WCAG 2.2.1).
   */
  action?: { label: string; onAction: () => void };
}
