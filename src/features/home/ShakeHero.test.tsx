import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shakeMachine } from '../../../machines/shake.ts';
import { eventFixture } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/index.ts';
import { ShakeHero } from './ShakeHero.tsx';
import { ShakeActor } from './shakeActor.ts';

function renderHero() {
  const logic = shakeMachine.provide({ actions: { openEvent: () => undefined } });
  render(
    <ToastProvider>
      <ShakeActor.Provider logic={logic} options={{ input: { events: [eventFixture()] } }}>
        <ShakeHero />
      </ShakeActor.Provider>
    </ToastProvider>,
  );
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'DeviceMotionEvent');
});

describe('ShakeHero', () => {
  it('asks for motion access on the first tap where the browser requires it, once', async () => {
    const requestPermission = vi.fn().mockResolvedValue('granted');
    Object.defineProperty(globalThis, 'DeviceMotionEvent', {
      value: { requestPermission },
      configurable: true,
    });
    renderHero();
    await userEvent.click(screen.getByRole('button', { name: 'Tap to Shake' }));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(screen.queryByText('Shaking is off')).toBeNull();
  });

  it('says shaking is off when motion access is refused, and the button still shakes', async () => {
    Object.defineProperty(globalThis, 'DeviceMotionEvent', {
      value: { requestPermission: vi.fn().mockResolvedValue('denied') },
      configurable: true,
    });
    renderHero();
    await userEvent.click(screen.getByRole('button', { name: 'Tap to Shake' }));
    expect(await screen.findByText('Shaking is off')).toBeVisible();
    // The spinner runs: the button shows it is busy.
    expect(screen.getByRole('button', { name: 'Tap to Shake' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
