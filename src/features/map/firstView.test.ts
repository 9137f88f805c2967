import { describe, expect, it } from 'vitest';
import { type FirstViewVerdict, watchFirstView } from './firstView.ts';

/** A stand-in for Leaflet's tile layer: the three events, fired by the test. */
function tileLayer() {
  const handlers = new Map<string, (() => void)[]>();
  return {
    on(type: string, handler: () => void) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    fire(type: 'tileload' | 'tileerror' | 'load', times = 1) {
      for (let time = 0; time < times; time += 1) {
        for (const handler of handlers.get(type) ?? []) handler();
      }
    },
  };
}

function watch() {
  const tiles = tileLayer();
  const verdicts: FirstViewVerdict[] = [];
  watchFirstView(tiles, (verdict) => verdicts.push(verdict));
  return { tiles, verdicts };
}

describe('the first view of the map', () => {
  it('fails when every tile of the first view was refused (tiles unreachable)', () => {
    const { tiles, verdicts } = watch();
    tiles.fire('tileerror', 6);
    expect(verdicts).toEqual([]);
    tiles.fire('load');
    expect(verdicts).toEqual(['failed']);
  });

  it('is ready with any tile drawn, even beside refused ones', () => {
    const { tiles, verdicts } = watch();
    tiles.fire('tileerror', 5);
    tiles.fire('tileload');
    tiles.fire('load');
    expect(verdicts).toEqual(['ready']);
  });

  it('decides once: a later view with every tile refused does not take the map away', () => {
    const { tiles, verdicts } = watch();
    tiles.fire('tileload', 4);
    tiles.fire('load');
    tiles.fire('tileerror', 4);
    tiles.fire('load');
    expect(verdicts).toEqual(['ready']);
  });
});
