import { lazy, Suspense, useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { Button, useToast } from '../../ui/index.ts';
import { i18n } from './messages.ts';

// The dialog and the file builder (ical-generator) are chunks of their own, fetched on use:
// most visits to Saved export nothing.
const SubscribeDialog = lazy(() => import('./SubscribeDialog.tsx'));

async function downloadFromChunk(events: readonly Event[]): Promise<void> {
  const { downloadSavedCalendar } = await import('./calendarFile.ts');
  await downloadSavedCalendar(events);
}

/**
 * Export to Calendar's steps, shared by Saved and the profile's My Calendar: say it is exporting,
 * get the events (the profile fetches them first), download the file, and say so if any of it
 * failed.
 */
export function useSavedCalendarExport(
  download: (events: readonly Event[]) => Promise<void> = downloadFromChunk,
) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCalendar = async (
    events: readonly Event[] | (() => Promise<readonly Event[]>),
  ): Promise<void> => {
    // docs/product.md#spec-2-saved: what Export to Calendar says first (an alert in the spec, a toast here).
    toast({ title: i18n.t('saved.export.exporting') });
    setExporting(true);
    try {
      await download(typeof events === 'function' ? await events() : events);
    } catch (error) {
      console.error('Calendar export failed:', error);
      toast({
        title: i18n.t('saved.export.failed'),
        description: i18n.t('saved.export.tryAgain'),
      });
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCalendar };
}

interface CalendarActionsProps {
  /** The saved events, in list order. */
  events: readonly Event[];
  /** Builds and downloads the file; tests hand in their own. */
  download?: (events: readonly Event[]) => Promise<void>;
}

/**
 * Saved's calendar buttons: Export to Calendar downloads famjam-saved-events.ics (a copy, as of
 * now); Subscribe in your calendar gives the private feed address that calendar apps keep
 * polling, so changes reach them by themselves.
 */
export function CalendarActions({ events, download = downloadFromChunk }: CalendarActionsProps) {
  const { exporting, exportCalendar } = useSavedCalendarExport(download);
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon="calendar"
        isDisabled={events.length === 0}
        isPending={exporting}
        onPress={() => void exportCalendar(events)}
      >
        {i18n.t('saved.export.button')}
      </Button>
      {/* 'Subscribe' fits beside Export on a phone; the name says where to. */}
      <Button
        variant="outline"
        size="sm"
        aria-label={i18n.t('saved.subscribe.name')}
        onPress={() => setSubscribeOpen(true)}
      >
        {i18n.t('saved.subscribe.button')}
      </Button>
      {subscribeOpen ? (
        <Suspense fallback={null}>
          <SubscribeDialog isOpen={subscribeOpen} onOpenChange={setSubscribeOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
