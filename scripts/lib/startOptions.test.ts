import { describe, expect, it } from 'vitest';
import { parseStartArguments } from './startOptions.ts';

describe('parseStartArguments', () => {
  it('ignores VITE_STATELY_INSPECT=true without --dev, saying so, instead of refusing', () => {
    const options = parseStartArguments([], { VITE_STATELY_INSPECT: 'true' });
    expect(options).toEqual({
      dev: false,
      inspect: false,
      notes: [
        'VITE_STATELY_INSPECT=true is ignored: the Stately inspector only runs with npm run dev.',
      ],
    });
  });

  it('turns the inspector on from VITE_STATELY_INSPECT=true with --dev', () => {
    expect(parseStartArguments(['--dev'], { VITE_STATELY_INSPECT: 'true' })).toEqual({
      dev: true,
      inspect: true,
      notes: [],
    });
  });

  it('refuses --inspect without --dev, naming the command that works', () => {
    expect(() => parseStartArguments(['--inspect'], {})).toThrow(
      '--inspect works with the dev server only: run `npm run dev -- --inspect`',
    );
  });

  it('refuses an unknown option', () => {
    expect(() => parseStartArguments(['--prod'], {})).toThrow(
      'unknown option --prod (expected --dev and/or --inspect)',
    );
  });
});
