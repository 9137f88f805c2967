import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Notification, NotificationList } from '../../../contract/notifications.ts';
import { apiErrorMessage } from '../../api/client.ts';
import { markNotificationsRead, notificationsQueryKey } from '../../api/notifications.ts';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import { LinkButton, LoadProblem, Stack } from '../../ui/index.ts';
import { bareList } from '../../ui/surfaces.css.ts';
import { i18n } from './messages.ts';
import * as styles from './notifications.css.ts';
import { relativeTime } from './relativeTime.ts';
import { isNoProfileError, useNotifications } from './useNotifications.ts';

interface NotificationPanelProps {
  /** Called when a link in the list is followed, so the popover or dialog around it closes. */
  onNavigate?: () => void;
}

/**
 * The notification list, as the bell's popover and the profile's Notification History show it.
 * Opening it is reading it: once the list is here it is marked read on the server and the
 * answer replaces the cached list, so the badge drops to 0. The items keep the unread marks
 * they had when the list opened, so the person still sees which ones were new.
 */
export function NotificationPanel({ onNavigate }: NotificationPanelProps) {
  const { enabled, state, retry } = useNotifications();
  const data = state?.data;
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<NotificationList | null>(null);
  // A ref, not state: React's development double effects must not post twice.
  const marked = useRef(false);

  useEffect(() => {
    if (!data || marked.current) return;
    marked.current = true;
    setShown(data);
    if (data.unreadCount === 0) return;
    markNotificationsRead()
      .then((list) => queryClient.setQueryData(notificationsQueryKey, list))
      .catch((error: unknown) => {
        // The list is on screen either way; the badge simply stays until the next open.
        console.warn('Could not mark the notifications read:', error);
      });
  }, [data, queryClient]);

  if (!enabled) return <NoProfileYet onNavigate={onNavigate} />;
  if (state?.status === 'error' && !shown) {
    if (isNoProfileError(state.error)) return <NoProfileYet onNavigate={onNavigate} />;
    return (
      <LoadProblem
        problem={i18n.t('notifications.panel.failed')}
        reason={apiErrorMessage(state.error)}
        isRetrying={state.fetchStatus === 'fetching'}
        onRetry={retry}
        size="md"
      />
    );
  }
  const list = shown ?? data;
  if (!list) {
    return (
      <p className={styles.muted} role="status">
        {i18n.t('notifications.panel.loading')}
      </p>
    );
  }
  if (list.notifications.length === 0) {
    return <p className={styles.muted}>{i18n.t('notifications.panel.empty')}</p>;
  }
  return (
    <Stack
      as="ul"
      space="1"
      className={bareList}
      aria-label={i18n.t('notifications.panel.listLabel')}
    >
      {list.notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          onNavigate={onNavigate}
        />
      ))}
    </Stack>
  );
}

function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: Notification;
  onNavigate?: () => void;
}) {
  const { title, body, createdAt, read, eventId } = notification;
  return (
    <li className={styles.item} data-unread={read ? undefined : ''}>
      <div className={styles.itemText}>
        <p className={styles.itemTitle}>
          {read ? null : (
            <>
              <span className={styles.dot} aria-hidden="true" />
              <span className={visuallyHidden}>{i18n.t('notifications.item.unread')}</span>
            </>
          )}
          {eventId ? (
            <Link
              to="/event/$id"
              params={{ id: eventId }}
              className={styles.itemLink}
              onClick={onNavigate}
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className={styles.itemBody}>{body}</p>
        <time className={styles.itemTime} dateTime={createdAt}>
          {relativeTime(createdAt)}
        </time>
      </div>
    </li>
  );
}

function NoProfileYet({ onNavigate }: NotificationPanelProps) {
  return (
    <>
      <p className={styles.muted}>{i18n.t('notifications.panel.noProfile')}</p>
      <LinkButton to="/onboarding" variant="secondary" size="sm" onClick={onNavigate}>
        {i18n.t('notifications.panel.setUpProfile')}
      </LinkButton>
    </>
  );
}
