import { Button } from './Button.tsx';
import { calloutRecipe } from './surfaces.css.ts';

export interface LoadProblemProps {
  /** Names the thing in the text: "We couldn't load {what}." */
  what: string;
  /** Why, in words a person reads (the API's message: `apiErrorMessage(error)`). */
  reason: string;
  /** A retry is running (React Query's `isRefetching`): the button shows it. */
  isRetrying: boolean;
  onRetry: () => void;
}

/**
 * A list or section that failed to load: what failed, why, and a Retry. Never a blank block.
 * The reason comes in as text so the design system does not reach into src/api.
 */
export function LoadProblem({ what, reason, isRetrying, onRetry }: LoadProblemProps) {
  return (
    <div className={calloutRecipe()} role="alert">
      <p>
        We couldn't load {what}. {reason}
      </p>
      <Button variant="outline" size="sm" isPending={isRetrying} onPress={onRetry}>
        Retry
      </Button>
    </div>
  );
}
