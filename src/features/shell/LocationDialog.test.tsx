import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppStateProvider } from '../../app/appState.tsx';
import { type AppStateStore, createAppStateStore } from '../../app/appStateStore.ts';
import { LocationDialog } from './LocationDialog.tsx';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

let store: AppStateStore;
let onOpenChange: ReturnType<typeof vi.fn<(isOpen: boolean) => void>>;

function stubGeolocation(
  answer: (success: Success, failure: Failure, options: PositionOptions) => void,
) {
  const getCurrentPosition = vi.fn(answer);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

function renderDialog() {
  render(
    <AppStateProvider store={store}>
      <LocationDialog isOpen onOpenChange={onOpenChange} />
    </AppStateProvider>,
  );
}

const detectButton = () => screen.getByRole('button', { name: 'Use my current location' });
const setButton = () => screen.getByRole('button', { name: 'Set' });
const manualField = () => screen.getByRole('textbox', { name: 'City, neighbourhood or ZIP code' });

beforeEach(() => {
  store = createAppStateStore(null);
  onOpenChange = vi.fn<(isOpen: boolean) => void>();
});

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('LocationDialog, manual entry', () => {
  it('is a dialog showing the current location', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Set your location' })).toHaveTextContent(
      'Showing events near San Francisco, CA',
    );
  });

  it('keeps Set disabled while the text is blank after trimming', async () => {
    renderDialog();
    expect(setButton()).toBeDisabled();
    await userEvent.type(manualField(), '   ');
    expect(setButton()).toBeDisabled();
    await userEvent.type(manualField(), 'Oakland');
    expect(setButton()).toBeEnabled();
  });

  it('Set stores the trimmed location and closes', async () => {
    renderDialog();
    await userEvent.type(manualField(), '  Berkeley, CA  ');
    await userEvent.click(setButton());
    expect(store.getSnapshot().location).toBe('Berkeley, CA');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Enter submits, but not while blank', async () => {
    renderDialog();
    await userEvent.type(manualField(), '  {Enter}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    await userEvent.type(manualField(), '94110{Enter}');
    expect(store.getSnapshot().location).toBe('94110');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('LocationDialog, GPS', () => {
  it('asks with high accuracy, a 10 s timeout and 1 minute maximum age, then sets 2-decimal coordinates', async () => {
    const getCurrentPosition = stubGeolocation((success) =>
      success({ coords: { latitude: 37.774929, longitude: -122.419416 } }),
    );
    renderDialog();
    await userEvent.click(detectButton());
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10000,
      maximumAge: 60000,
    });
    expect(store.getSnapshot().location).toBe('37.77, -122.42');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a busy button while waiting for the position', async () => {
    stubGeolocation(() => {});
    renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('button', { name: /Finding you/ })).toBeInTheDocument();
  });

  it('explains how to allow location in Chrome, Safari and Firefox when permission is denied', async () => {
    stubGeolocation((_success, failure) => failure({ code: 1, message: 'denied' }));
    renderDialog();
    await userEvent.click(detectButton());
    const alert = screen.getByRole('alert');
    const text = alert.textContent ?? '';
    expect(text.startsWith('Unable to get your location. ')).toBe(true);
    const chrome = text.indexOf('Chrome');
    const safari = text.indexOf('Safari');
    const firefox = text.indexOf('Firefox');
    expect(chrome).toBeGreaterThan(0);
    expect(safari).toBeGreaterThan(chrome);
    expect(firefox).toBeGreaterThan(safari);
    expect(text.indexOf('enter your location manually')).toBeGreaterThan(firefox);
    expect(store.getSnapshot().location).toBe('San Francisco, CA');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it.each([
    [
      2,
      "Unable to get your location. Location information is unavailable. Please check your device's location settings and try again, or enter your location manually.",
    ],
    [
      3,
      'Unable to get your location. Location request timed out. Please try again or enter your location manually.',
    ],
    [
      0,
      'Unable to get your location. An unknown error occurred. Please try entering your location manually.',
    ],
  ])('shows the SPEC text for error code %i', async (code, expected) => {
    stubGeolocation((_success, failure) => failure({ code, message: 'failed' }));
    renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert')).toHaveTextContent(expected, { normalizeWhitespace: false });
    expect(screen.getByRole('alert').textContent).toBe(expected);
    expect(detectButton()).toBeEnabled();
  });

  it('says so when the browser has no GPS', async () => {
    renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert').textContent).toBe(
      'GPS is not supported by this browser. Please enter your location manually using the text field below.',
    );
  });

  it('clears an old error when trying again', async () => {
    let attempt = 0;
    stubGeolocation((success, failure) => {
      attempt += 1;
      if (attempt === 1) failure({ code: 3, message: 'timeout' });
      else success({ coords: { latitude: 40.7128, longitude: -74.006 } });
    });
    renderDialog();
    await userEvent.click(detectButton());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(detectButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getSnapshot().location).toBe('40.71, -74.01');
  });
});
