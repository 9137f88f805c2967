import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createShakeDetector,
  HOME_SHAKE_DEBOUNCE_MS,
  HOME_SHAKE_THRESHOLD,
  motionNeedsPermission,
  requestMotionPermission,
  useShakeDetector,
} from './shakeDetector.ts';

const still = { x: 0, y: 0, z: 9.81 };
const jolt = (magnitude: number) => ({ x: magnitude, y: 0, z: 0 });

function motion(reading: { x: number; y: number; z: number } | null, timeStamp: number) {
  const event = new Event('devicemotion');
  Object.defineProperties(event, {
    accelerationIncludingGravity: { value: reading },
    timeStamp: { value: timeStamp },
  });
  window.dispatchEvent(event);
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'DeviceMotionEvent');
});

describe('createShakeDetector', () => {
  it('uses the component defaults: over 15, then quiet for 2 s', () => {
    const isShake = createShakeDetector();
    expect(isShake(still, 0)).toBe(false);
    expect(isShake(jolt(15), 10)).toBe(false);
    expect(isShake(jolt(15.1), 20)).toBe(true);
    expect(isShake(jolt(30), 2019)).toBe(false);
    expect(isShake(jolt(30), 2020)).toBe(true);
  });

  it("uses home's threshold 12 and 1.5 s debounce when given them", () => {
    const isShake = createShakeDetector({
      threshold: HOME_SHAKE_THRESHOLD,
      debounceMs: HOME_SHAKE_DEBOUNCE_MS,
    });
    expect(isShake({ x: 7, y: 7, z: 7 }, 0)).toBe(true); // |a| ≈ 12.1
    expect(isShake(jolt(20), 1499)).toBe(false);
    expect(isShake(jolt(20), 1500)).toBe(true);
  });

  it('ignores readings the device could not give', () => {
    const isShake = createShakeDetector();
    expect(isShake(null, 0)).toBe(false);
    expect(isShake({ x: null, y: 40, z: 0 }, 0)).toBe(false);
  });
});

describe('useShakeDetector', () => {
  it('calls back on a shake from devicemotion events, and stops when disabled', () => {
    const onShake = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ enabled }) => useShakeDetector(onShake, { threshold: 12, debounceMs: 1500, enabled }),
      { initialProps: { enabled: true } },
    );
    motion(still, 0);
    motion(jolt(13), 100);
    motion(jolt(13), 200);
    expect(onShake).toHaveBeenCalledTimes(1);
    rerender({ enabled: false });
    motion(jolt(13), 5000);
    expect(onShake).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe('motion permission', () => {
  it('needs no prompt where the browser has no requestPermission', async () => {
    Object.defineProperty(globalThis, 'DeviceMotionEvent', { value: class {}, configurable: true });
    expect(motionNeedsPermission()).toBe(false);
    expect(await requestMotionPermission()).toBe('granted');
  });

  it('asks where the browser requires it, and reports a refusal or a throw as denied', async () => {
    const requestPermission = vi
      .fn()
      .mockResolvedValueOnce('denied')
      .mockRejectedValueOnce(new Error('not a gesture'));
    Object.defineProperty(globalThis, 'DeviceMotionEvent', {
      value: { requestPermission },
      configurable: true,
    });
    expect(motionNeedsPermission()).toBe(true);
    expect(await requestMotionPermission()).toBe('denied');
    expect(await requestMotionPermission()).toBe('denied');
  });

  it('is unsupported without DeviceMotionEvent', async () => {
    expect(await requestMotionPermission()).toBe('unsupported');
  });
});
