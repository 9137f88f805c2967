import { type ReactNode, useEffect, useState } from 'react';
import { i18n } from '../i18n/appCatalog.ts';
import { Button } from './Button.tsx';
import * as styles from './sheetUnavailable.css.ts';
import { noticeRecipe } from './surfaces.css.ts';

export interface ModalProps {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  /**
   * Always controlled: react-aria's DialogTrigger would bring its whole overlay and menu code
   * into the first load of the screen that holds it.
   */
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Tap outside / Escape closes it (default true). */
  isDismissable?: boolean;
  /** Defaults to "Close". */
  closeLabel?: string;
  /** No close button: for a dialog that ends by itself (a short spinner). */
  hideClose?: boolean;
  /** `alertdialog` for a question that needs an answer before going on (Clear All's "sure?"). */
  role?: 'dialog' | 'alertdialog';
}

type Sheet = typeof import('./ModalSheet.tsx')['default'];

// react-aria's overlays (focus trap, scroll lock, positioning: about 9 KB gzipped) come with the
// sheet, after the screen's first load (issue 16): loaded once, for every dialog.
let loadedSheet: Sheet | null = null;
let sheetLoading: Promise<Sheet> | null = null;

function loadSheet(): Promise<Sheet> {
  sheetLoading ??= import('./ModalSheet.tsx').then(
    (module) => {
      loadedSheet = module.default;
      return module.default;
    },
    (error: unknown) => {
      // Asked again at the next opening (a network that came back).
      sheetLoading = null;
      throw error;
    },
  );
  return sheetLoading;
}

/** Runs `load` once the browser has nothing else to do; returns how to call it off. */
function whenIdle(load: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 2000);
  return () => clearTimeout(id);
}

/**
 * A modal dialog: bottom sheet on phones, centred card on wider screens (./ModalSheet.tsx).
 * The sheet's code is fetched when the browser is idle after the screen has started, or at once
 * if the dialog opens first; no Suspense, whose reveal waits on a timer. Once open it stays
 * mounted, so closing still animates. Focus returns on close to what had it when it opened.
 * If the sheet cannot be fetched as the dialog opens (offline before the service worker has
 * stored it), the person is told so and can try again or close it: never a tap that does nothing.
 */
export function Modal(props: ModalProps) {
  const [Sheet, setSheet] = useState<Sheet | null>(() => loadedSheet);
  const [opened, setOpened] = useState(props.isOpen);
  const [problem, setProblem] = useState<'none' | 'failed' | 'retrying'>('none');
  // Bumped by Try again: the effect below fetches the sheet once more.
  const [attempt, setAttempt] = useState(0);
  if (props.isOpen && !opened) setOpened(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks for another fetch.
  useEffect(() => {
    if (Sheet) return;
    let live = true;
    const load = (reportFailure: boolean) => {
      loadSheet().then(
        (sheet) => {
          if (!live) return;
          setSheet(() => sheet);
          setProblem('none');
        },
        (error: unknown) => {
          // A fetch ahead of need (idle, maybe offline) that fails is no one's problem: the
          // opening asks again. One that fails when the dialog is opening is.
          if (!reportFailure) return;
          console.error('Could not load the dialog:', error);
          if (live) setProblem('failed');
        },
      );
    };
    if (opened) {
      load(true);
      return () => {
        live = false;
      };
    }
    const cancel = whenIdle(() => load(false));
    return () => {
      live = false;
      cancel();
    };
  }, [opened, Sheet, attempt]);
  if (!opened) return null;
  if (Sheet) return <Sheet {...props} />;
  if (problem === 'none' || !props.isOpen) return null;
  return (
    <SheetUnavailable
      title={props.title}
      isRetrying={problem === 'retrying'}
      onRetry={() => {
        setProblem('retrying');
        setAttempt((count) => count + 1);
      }}
      onClose={() => {
        setProblem('none');
        setOpened(false);
        props.onOpenChange?.(false);
      }}
    />
  );
}

interface SheetUnavailableProps {
  title: string;
  isRetrying: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/** In place of a dialog whose code could not be fetched: what happened, and what to do. */
function SheetUnavailable({ title, isRetrying, onRetry, onClose }: SheetUnavailableProps) {
  return (
    <div className={styles.placement}>
      <div className={`${noticeRecipe({ tone: 'danger' })} ${styles.notice}`} role="alert">
        <p>{i18n.t('app.dialog.unavailable', { title })}</p>
        <div className={styles.actions}>
          <Button variant="outline" size="sm" isPending={isRetrying} onPress={onRetry}>
            {i18n.t('app.dialog.tryAgain')}
          </Button>
          <Button variant="ghost" size="sm" onPress={onClose}>
            {i18n.t('app.dialog.close')}
          </Button>
        </div>
      </div>
    </div>
  );
}
