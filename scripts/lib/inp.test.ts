import { describe, expect, it } from 'vitest';
import { formatInpTable, inp, interactionLatencies, summarizeInteraction } from './inp.ts';

describe('interactionLatencies', () => {
  it('keeps the longest event of each interaction and ignores events outside one', () => {
    const entries = [
      { name: 'pointerdown', interactionId: 7, duration: 48 },
      { name: 'pointerup', interactionId: 7, duration: 120 },
      { name: 'click', interactionId: 7, duration: 112 },
      { name: 'pointerover', interactionId: 0, duration: 400 },
      { name: 'keydown', interactionId: 9, duration: 24 },
    ];
    expect(interactionLatencies(entries).sort((a, b) => a - b)).toEqual([24, 120]);
  });

  it('gives INP as the worst interaction, or null when there was none', () => {
    expect(
      inp([
        { name: 'click', interactionId: 1, duration: 56 },
        { name: 'click', interactionId: 2, duration: 232 },
      ]),
    ).toBe(232);
    expect(inp([{ name: 'mousemove', interactionId: 0, duration: 80 }])).toBeNull();
  });
});

describe('summarizeInteraction', () => {
  it('fails on the worst tap even when the median is fine', () => {
    const summary = summarizeInteraction({ name: 'heart', latencies: [40, 48, 208, 56, 40] });
    expect(summary).toMatchObject({ taps: 5, max: 208, median: 48, min: 40, passes: false });
  });

  it('passes at exactly 200 ms', () => {
    expect(summarizeInteraction({ name: 'chip', latencies: [200, 120] }).passes).toBe(true);
  });

  it('prints one row per interaction with its verdict', () => {
    const table = formatInpTable([
      summarizeInteraction({ name: 'date chip on home', latencies: [288, 552, 584] }),
      summarizeInteraction({ name: 'heart', latencies: [64] }),
    ]);
    const [header, , chip, heart] = table.split('\n');
    expect(header).toMatch(
      /\| interaction +\| taps \| INP \(max\) \| median \| min +\| ≤ 200 ms \|/,
    );
    expect(chip).toMatch(/\| date chip on home \| 3 +\| 584 ms +\| 552 ms \| 288 ms \| NO/);
    expect(heart).toMatch(/\| heart +\| 1 +\| 64 ms +\| 64 ms +\| 64 ms +\| yes/);
  });
});
