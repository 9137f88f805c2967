import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { type QueryView, useDeferredQueryState } from './useDeferredQueryState.ts';

function Events({ query }: { query: QueryView<string[]> }) {
  const shown = useDeferredQueryState(query);
  if (shown.status === 'pending') return <p>Loading events</p>;
  if (shown.status === 'error') return <p role="alert">{shown.error?.message}</p>;
  return (
    <ul>
      {shown.data?.map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  );
}

/** A list's end, recording the text of every commit in `drawn`. */
function ListEnd({ query, drawn }: { query: QueryView<string[]>; drawn: string[] }) {
  const shown = useDeferredQueryState(query);
  const text = shown.hasNextPage
    ? `${shown.data?.length} events, more below`
    : `That's all ${shown.data?.length} events`;
  useLayoutEffect(() => {
    drawn.push(text);
  });
  return <p>{text}</p>;
}

const pending: QueryView<string[]> = { status: 'pending', data: undefined, error: null };
const answered = (data: string[]): QueryView<string[]> => ({
  status: 'success',
  data,
  error: null,
});

describe('useDeferredQueryState', () => {
  it('draws data already in the cache on the first render, with no placeholder first', () => {
    const { container } = render(<Events query={answered(['Jazz in the Park'])} />);
    // Synchronously after the first render: the list, not "Loading events".
    expect(container.textContent).toBe('Jazz in the Park');
  });

  it('draws an answer that arrives later, and a failure with its message', async () => {
    const { rerender } = render(<Events query={pending} />);
    expect(screen.getByText('Loading events')).toBeVisible();
    rerender(<Events query={answered(['Jazz in the Park', 'Puppet Show'])} />);
    expect(await screen.findByText('Puppet Show')).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Jazz in the Park',
      'Puppet Show',
    ]);
    expect(screen.queryByText('Loading events')).not.toBeInTheDocument();

    rerender(
      <Events query={{ status: 'error', data: undefined, error: new Error('503: Try later') }} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('503: Try later');
  });

  it("never draws a page's end under the previous pages", async () => {
    const page = (titles: string[], hasNextPage: boolean): QueryView<string[]> => ({
      ...answered(titles),
      hasNextPage,
    });
    const drawn: string[] = [];
    const { rerender } = render(<ListEnd query={page(['A', 'B'], true)} drawn={drawn} />);
    rerender(<ListEnd query={page(['A', 'B', 'C'], false)} drawn={drawn} />);
    expect(await screen.findByText("That's all 3 events")).toBeVisible();
    expect(drawn.filter((text) => text !== drawn.at(-1))).toEqual(
      drawn.filter((text) => text === '2 events, more below'),
    );
    expect(drawn).not.toContain("That's all 2 events");
  });
});
