import { i18n } from '../i18n/appCatalog.ts';
import { Button } from './Button.tsx';
import { type NoticeVariants, noticeRecipe } from './surfaces.css.ts';

export interface LoadProblemProps {
  /** What failed, as a sentence: "We couldn't load your saved events." */
  problem: string;
  /** Why, in words a person reads (the API's message: `apiErrorMessage(error)`). */
  reason: string;
  /** A retry is running (React Query's `isRefetching`): the button shows it. */
  isRetrying: boolean;
  onRetry: () => void;
  retryLabel?: string;
  /** 'md' inside a dialog, 'lg' (the default) in a page's list or section. */
  size?: NoticeVariants['size'];
}

/**
 * Something that failed to load: what, why, and a way to try again. Never a blank block. The
 * reason comes in as text so the design system does not reach into src/api.
 */
export function LoadProblem({
  problem,
  reason,
  isRetrying,
  onRetry,
  retryLabel = i18n.t('app.loadProblem.retry'),
  size,
}: LoadProblemProps) {
  return (
    <div className={noticeRecipe({ tone: 'danger', size })} role="alert">
      <p>
        {problem} {reason}
      </p>
      <Button variant="outline" size="sm" isPending={isRetrying} onPress={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
