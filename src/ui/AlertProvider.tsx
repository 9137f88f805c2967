import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';

// The dialog, with react-aria's overlay code, loads with the first alert (most visits have none).
const AlertDialog = lazy(() => import('./AlertDialog.tsx'));

type ShowAlert = (message: string) => void;

const AlertContext = createContext<ShowAlert | null>(null);

/**
 * The app's window.alert: an accessible alertdialog with the exact message and an OK button.
 * Unlike window.alert it does not block the page, is styled, and is testable. Alerts raised while
 * one is showing wait their turn, so only one is ever on screen.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<string[]>([]);
  // Keeps the text on screen while the dialog animates out after the last alert is dismissed.
  const lastShown = useRef('');
  // Mounted from the first alert on, so the last one can animate out.
  const alerted = useRef(false);
  const messageId = useId();

  const showAlert = useCallback<ShowAlert>((message) => {
    setQueue((pending) => [...pending, message]);
  }, []);

  const dismiss = useCallback(() => setQueue((pending) => pending.slice(1)), []);

  const current = queue[0];
  if (current !== undefined) {
    lastShown.current = current;
    alerted.current = true;
  }

  return (
    <AlertContext.Provider value={showAlert}>
      {children}
      {alerted.current ? (
        <Suspense fallback={null}>
          <AlertDialog
            isOpen={current !== undefined}
            message={current ?? lastShown.current}
            messageId={messageId}
            onDismiss={dismiss}
          />
        </Suspense>
      ) : null}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert must be used inside <AlertProvider>');
  return showAlert;
}
