/*
 * Local storage that never breaks a screen: blocked storage (Safari private mode, sandboxed
 * frames), corrupt entries and a full quota all degrade to "not persisted". Shared by the app
 * state store and the saved-list sync; it imports no app constants, so the lazily loaded sync
 * does not pull them out of the entry chunk.
 */

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Safari private mode and sandboxed frames throw on access; the app then runs unpersisted.
    return null;
  }
}

export function readJson(storage: StorageLike | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function write(storage: StorageLike | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full or blocked storage must not break the screen; the state still lives in memory.
    console.warn(`Failed to save ${key}:`, error);
  }
}
