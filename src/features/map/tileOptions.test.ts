import { describe, expect, it } from 'vitest';
import { ownTilePath } from '../../../contract/maps.ts';
import { tileOptions } from './tileOptions.ts';

const page = { retina: false, origin: 'https://famjam.example' };
const openStreetMap = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('the tile layer options', () => {
  it("send a provider's tiles the site's origin as Referer, and nothing of the page's address", () => {
    expect(tileOptions(openStreetMap, 19, page)).toMatchObject({ referrerPolicy: 'origin' });
  });

  it("leave FamJam's own tiles to the page's policy", () => {
    expect(tileOptions(ownTilePath('light'), 16, page)).not.toHaveProperty('referrerPolicy');
    expect(
      tileOptions(`https://famjam.example${ownTilePath('dark')}`, 16, page),
    ).not.toHaveProperty('referrerPolicy');
  });

  it('count a provider on another port of the same host as a provider', () => {
    const local = { retina: false, origin: 'http://127.0.0.1:3000' };
    expect(tileOptions('http://127.0.0.1:8080/{z}/{x}/{y}.png', 19, local)).toMatchObject({
      referrerPolicy: 'origin',
    });
  });

  it("ask a sharp screen for the next zoom's tiles at half size, up to the configured zoom", () => {
    expect(tileOptions(openStreetMap, 19, { ...page, retina: true })).toEqual({
      detectRetina: true,
      maxZoom: 20,
      maxNativeZoom: 18,
      referrerPolicy: 'origin',
    });
  });

  it("take a provider's '@2x' tiles where its template has {r}", () => {
    expect(
      tileOptions('https://tiles.example/{z}/{x}/{y}{r}.png', 18, { ...page, retina: true }),
    ).toEqual({ maxZoom: 18, referrerPolicy: 'origin' });
    expect(tileOptions(ownTilePath('light'), 16, page)).toEqual({ maxZoom: 16 });
  });
});
