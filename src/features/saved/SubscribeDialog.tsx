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
import { i18n } from './messages.ts';

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
      toast({ title: i18n.t('saved.subscribe.resetDone') });
    },
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: i18n.t('saved.subscribe.copied') });
    } catch {
      toast({
        title: i18n.t('saved.subscribe.copyFailed'),
        description: i18n.t('saved.subscribe.copyByHand'),
      });
    }
  };

  return (
    <Modal title={i18n.t('saved.subscribe.name')} isOpen={isOpen} onOpenChange={onOpenChange}>
      <Stack space="4">
        <p className={dialogText}>{i18n.t('saved.subscribe.intro')}</p>
        {feed.status === 'pending' ? (
          <p className={styles.loading} role="status">
            <Spinner size={20} />
            {i18n.t('saved.subscribe.loading')}
          </p>
        ) : feed.status === 'error' ? (
          <LoadProblem
            problem={i18n.t('saved.subscribe.loadProblem')}
            reason={apiErrorMessage(feed.error)}
            isRetrying={feed.isRefetching}
            onRetry={() => void feed.refetch()}
            retryLabel={i18n.t('saved.subscribe.retry')}
            size="md"
          />
        ) : (
          <>
            <TextField
              label={i18n.t('saved.subscribe.linkLabel')}
              value={feed.data.url}
              isReadOnly
              inputClassName={styles.urlInput}
              onFocus={(event) => event.target.select()}
            />
            <Inline space="2">
              <Button icon="document" onPress={() => void copy(feed.data.url)}>
                {i18n.t('saved.subscribe.copy')}
              </Button>
              <AnchorButton href={feed.data.webcalUrl} variant="secondary" icon="calendar">
                {i18n.t('saved.subscribe.open')}
              </AnchorButton>
            </Inline>
            <p
              className={cx(
                noticeRecipe({ tone: 'warning', size: 'md', layout: 'row' }),
                styles.small,
              )}
            >
              <Icon name="alert" size={20} className={styles.warningIcon} />
              <span>{i18n.t('saved.subscribe.warning')}</span>
            </p>
            {confirmingReset ? (
              <fieldset className={styles.confirm}>
                <legend className={styles.confirmTitle}>
                  {i18n.t('saved.subscribe.resetTitle')}
                </legend>
                <p className={dialogText}>{i18n.t('saved.subscribe.resetText')}</p>
                {reset.isError ? (
                  <p className={noticeRecipe({ size: 'md' })} role="alert">
                    {i18n.t('saved.subscribe.resetFailed')} {apiErrorMessage(reset.error)}
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
                    {i18n.t('saved.subscribe.keep')}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    isPending={reset.isPending}
                    onPress={() => reset.mutate()}
                  >
                    {i18n.t('saved.subscribe.reset')}
                  </Button>
                </Inline>
              </fieldset>
            ) : (
              <div>
                <Button variant="ghost" size="sm" onPress={() => setConfirmingReset(true)}>
                  {i18n.t('saved.subscribe.reset')}
                </Button>
              </div>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
