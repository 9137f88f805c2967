import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  calendarFeedQueryKey,
  calendarFeedQueryOptions,
  rotateCalendarFeed,
} from '../../api/calendarFeed.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { dialogText } from '../../ui/dialog.css.ts';
import {
  AnchorButton,
  Button,
  cx,
  Icon,
  Inline,
  LoadProblem,
  Modal,
  Spinner,
  Stack,
  TextField,
  useToast,
} from '../../ui/index.ts';
import { noticeRecipe } from '../../ui/surfaces.css.ts';
import * as styles from './calendarActions.css.ts';

const LINK_COPIED_TEXT = 'Calendar link copied to clipboard!';
const LINK_RESET_TEXT = 'Your calendar link was reset. Subscribe again with the new link.';
const LINK_WARNING_TEXT =
  'Anyone with this link can see your saved events. Share it only with people you trust, and reset it if it gets out.';

interface SubscribeDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The private feed address, to paste into a calendar app or open with one (webcal://), and a
 * way to reset it. Loaded on demand: its own chunk.
 */
export default function SubscribeDialog({ isOpen, onOpenChange }: SubscribeDialogProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const feed = useQuery({ ...calendarFeedQueryOptions(), enabled: isOpen });
  const reset = useMutation({
    // No arguments passed on: React Query's context would land in the client parameter.
    mutationFn: () => rotateCalendarFeed(),
    onSuccess: (next) => {
      queryClient.setQueryData(calendarFeedQueryKey, next);
      setConfirmingReset(false);
      toast({ title: LINK_RESET_TEXT });
    },
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: LINK_COPIED_TEXT });
    } catch {
      toast({ title: "We couldn't copy the link.", description: 'Select it above and copy it.' });
    }
  };

  return (
    <Modal title="Subscribe in your calendar" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Stack space="4">
        <p className={dialogText}>
          Add this private link to your calendar app once: it checks for changes by itself, so new
          saves and rescheduled events show up without exporting again.
        </p>
        {feed.status === 'pending' ? (
          <p className={styles.loading} role="status">
            <Spinner size={20} />
            Getting your calendar link…
          </p>
        ) : feed.status === 'error' ? (
          <LoadProblem
            problem="We couldn't get your calendar link."
            reason={apiErrorMessage(feed.error)}
            isRetrying={feed.isRefetching}
            onRetry={() => void feed.refetch()}
            retryLabel="Try again"
            size="md"
          />
        ) : (
          <>
            <TextField
              label="Private calendar link"
              value={feed.data.url}
              isReadOnly
              inputClassName={styles.urlInput}
              onFocus={(event) => event.target.select()}
            />
            <Inline space="2">
              <Button icon="document" onPress={() => void copy(feed.data.url)}>
                Copy link
              </Button>
              <AnchorButton href={feed.data.webcalUrl} variant="secondary" icon="calendar">
                Open in calendar app
              </AnchorButton>
            </Inline>
            <p
              className={cx(
                noticeRecipe({ tone: 'warning', size: 'md', layout: 'row' }),
                styles.small,
              )}
            >
              <Icon name="alert" size={20} className={styles.warningIcon} />
              <span>{LINK_WARNING_TEXT}</span>
            </p>
            {confirmingReset ? (
              <fieldset className={styles.confirm}>
                <legend className={styles.confirmTitle}>Reset the calendar link?</legend>
                <p className={dialogText}>
                  Calendars subscribed with the current link stop updating, and you'll need to
                  subscribe again with the new one.
                </p>
                {reset.isError ? (
                  <p className={noticeRecipe({ size: 'md' })} role="alert">
                    We couldn't reset the link. {apiErrorMessage(reset.error)}
                  </p>
                ) : null}
                <Inline space="2">
                  <Button
                    variant="outline"
                    size="sm"
                    // The question replaced the button that asked it: focus goes to the safe answer.
                    autoFocus
                    onPress={() => {
                      reset.reset();
                      setConfirmingReset(false);
                    }}
                  >
                    Keep this link
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    isPending={reset.isPending}
                    onPress={() => reset.mutate()}
                  >
                    Reset link
                  </Button>
                </Inline>
              </fieldset>
            ) : (
              <div>
                <Button variant="ghost" size="sm" onPress={() => setConfirmingReset(true)}>
                  Reset link
                </Button>
              </div>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
