import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '../../../contract/notifications.ts';
import { createQueryClient } from '../../api/queryClient.ts';
import { AppStateProvider } from '../../app/appState.tsx';
import { createAppStateStore } from '../../app/appStateStore.ts';
import { changeLocale } from '../../i18n/i18n.ts';
import { stubApi } from '../../test/fakeApi.ts';
import { samUserRecord } from '../../test/fixtures.ts';
import { signedInAuth, testAuth } from '../../test/testAuth.ts';
import { renderWithRouter } from '../../ui/test-utils.tsx';
import { NotificationPanel } from './NotificationPanel.tsx';

vi.mock('../../app/auth.tsx', async () => ({
  useAuth: (await import('../../test/testAuth.ts')).useTestAuth,
}));

function renderPanel({ withProfile }: { withProfile: boolean }) {
  const store = createAppStateStore(null);
  if (withProfile) store.setCurrentUser(samUserRecord);
  return renderWithRouter(
    <QueryClientProvider client={createQueryClient()}>
      <AppStateProvider store={store}>
        <NotificationPanel />
      </AppStateProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  testAuth.current = signedInAuth();
  await act(() => changeLocale('es'));
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('NotificationPanel in Spanish', () => {
  it("lists the notifications with the panel's words in Spanish", async () => {
    // The server writes the notifications' own texts (in the family's language, by its own catalogue).
    const list: NotificationList = {
      notifications: [
        {
          id: 'reminder:seed:sf-0001',
          kind: 'reminder',
          title: 'Mañana: Family Jazz Picnic',
          body: 'Golden Gate Park Bandshell',
          createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
          read: false,
          eventId: 'seed:sf-0001',
        },
      ],
      unreadCount: 1,
    };
    stubApi(() => Response.json(list));
    await renderPanel({ withProfile: true });
    const notifications = await screen.findByRole('list', { name: 'Notificaciones' });
    const [item] = within(notifications).getAllByRole('listitem');
    expect(item).toHaveTextContent(/^Sin leer: Mañana: Family Jazz Picnic/);
    expect(within(item as HTMLElement).getByText('hace 5 minutos')).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\bnotifications\.[a-z]+\.[a-zA-Z]/);
  });

  it('says the list is empty, in Spanish', async () => {
    stubApi(() => Response.json({ notifications: [], unreadCount: 0 }));
    await renderPanel({ withProfile: true });
    expect(await screen.findByText('Estás al día.')).toBeVisible();
  });

  it('asks for a profile first, in Spanish', async () => {
    await renderPanel({ withProfile: false });
    expect(
      screen.getByText('Tus notificaciones empiezan cuando termines de configurar tu perfil.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Configura tu perfil' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });
});
