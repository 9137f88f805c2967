import { useEffect, useRef } from 'react';

/** docs/product.md#spec-9: the reusable detector's defaults; home passes its own (12 and 1.5 s). */
const DEFAULT_SHAKE_THRESHOLD = 15;
const DEFAULT_SHAKE_DEBOUNCE_MS = 2000;
export const HOME_SHAKE_THRESHOLD = 12;
export const HOME_SHAKE_DEBOUNCE_MS = 1500;

interface ShakeOptions {
  /** m/s²; a phone at rest reads about 9.8 (gravity), so the margin above that is the shake. */
  threshold?: number;
  /** After a shake, further readings are ignored this long (one flick is several readings). */
  debounceMs?: number;
}

type Acceleration = { x: number | null; y: number | null; z: number | null };

/**
 * Decides, reading by reading, whether the device was shaken: the magnitude of the acceleration
 * including gravity must exceed the threshold, and the last shake must be at least the debounce
 * interval ago. `accelerationIncludingGravity` is what every phone reports (`acceleration`
 * without gravity is null on many Android devices), hence a threshold above 9.8.
 */
export function createShakeDetector({
  threshold = DEFAULT_SHAKE_THRESHOLD,
  debounceMs = DEFAULT_SHAKE_DEBOUNCE_MS,
}: ShakeOptions = {}) {
  let lastShakeAt = Number.NEGATIVE_INFINITY;
  return (reading: Acceleration | null, at: number): boolean => {
    if (reading === null) return false;
    const { x, y, z } = reading;
    if (x === null || y === null || z === null) return false;
    const magnitude = Math.hypot(x, y, z);
    if (magnitude <= threshold || at - lastShakeAt < debounceMs) return false;
    lastShakeAt = at;
    return true;
  };
}

/** iOS 13+ asks before a page may read motion; elsewhere motion events simply arrive. */
type MotionPermissionApi = { requestPermission?: () => Promise<'granted' | 'denied'> };

type MotionPermission = 'granted' | 'denied' | 'unsupported';

/** Whether reading motion needs a permission prompt (which must come from a user gesture). */
export function motionNeedsPermission(): boolean {
  const api = (globalThis as { DeviceMotionEvent?: MotionPermissionApi }).DeviceMotionEvent;
  return typeof api?.requestPermission === 'function';
}

/**
 * Asks for motion access where the browser requires it. Call it from a tap's handler: iOS
 * refuses the request outside a user gesture. A thrown request counts as denied.
 */
export async function requestMotionPermission(): Promise<MotionPermission> {
  const api = (globalThis as { DeviceMotionEvent?: MotionPermissionApi }).DeviceMotionEvent;
  if (api === undefined) return 'unsupported';
  if (typeof api.requestPermission !== 'function') return 'granted';
  try {
    return (await api.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/**
 * Calls `onShake` when the device is shaken (see createShakeDetector). Listens only while
 * `enabled`; the latest `onShake` is always the one called, without re-subscribing.
 */
export function useShakeDetector(
  onShake: () => void,
  { threshold, debounceMs, enabled = true }: ShakeOptions & { enabled?: boolean } = {},
): void {
  const latest = useRef(onShake);
  latest.current = onShake;
  useEffect(() => {
    if (!enabled) return;
    const isShake = createShakeDetector({ threshold, debounceMs });
    const listener = (event: Event) => {
      const reading = (event as DeviceMotionEvent).accelerationIncludingGravity ?? null;
      if (isShake(reading, event.timeStamp)) latest.current();
    };
    window.addEventListener('devicemotion', listener);
    return () => window.removeEventListener('devicemotion', listener);
  }, [enabled, threshold, debounceMs]);
}
