import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageDescription } from '../../contract/pageMetadata.ts';
import { type PageMetadata, usePageMetadata } from './usePageMetadata.ts';

function Page(props: PageMetadata) {
  usePageMetadata(props);
  return null;
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  document.title = 'FamJam';
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'FamJam helps families find events.';
  document.head.append(meta);
});

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="description"]')) meta.remove();
});

describe('usePageMetadata', () => {
  it('titles the page and describes it while shown, then restores what was there', () => {
    const view = render(<Page title="Family Jazz Picnic" description="Live jazz on the lawn." />);
    expect(document.title).toBe('Family Jazz Picnic · FamJam');
    expect(description()).toBe('Live jazz on the lawn.');
    view.unmount();
    expect(document.title).toBe('FamJam');
    expect(description()).toBe('FamJam helps families find events.');
  });

  it('cuts the description to 150 characters', () => {
    const long = `${'Bring the whole family. '.repeat(10)}End.`;
    render(<Page title="Long one" description={long} />);
    expect(description()).toHaveLength(150);
    expect(description()).toBe(`${long.slice(0, 149).trimEnd()}…`);
  });

  it('changes nothing while the title is not known yet', () => {
    render(<Page title={null} description="ignored" />);
    expect(document.title).toBe('FamJam');
    expect(description()).toBe('FamJam helps families find events.');
  });

  it('adds the description tag when the page has none, and removes it again', () => {
    for (const meta of document.head.querySelectorAll('meta[name="description"]')) meta.remove();
    const view = render(<Page title="Picnic" description="Sandwiches." />);
    expect(description()).toBe('Sandwiches.');
    view.unmount();
    expect(description()).toBeUndefined();
  });
});

describe('pageDescription', () => {
  it('keeps a short text as it is, on one line', () => {
    expect(pageDescription('  Live jazz\non the lawn.  ')).toBe('Live jazz on the lawn.');
  });

  it('counts characters, not UTF-16 units: an emoji at the cut is not split', () => {
    const text = `${'a'.repeat(148)}🎷🎷🎷`;
    const cut = pageDescription(text);
    expect(Array.from(cut)).toHaveLength(150);
    expect(cut).toBe(`${'a'.repeat(148)}🎷…`);
  });
});
