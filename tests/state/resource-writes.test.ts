// The resources grid's writes go to the server one at a time: two quick edits of one row (Enter,
// then Tab, as a user types) were sent together, and on PostgreSQL the answer of the first could
// come last and show the row without the second value (a flaky browser run on PostgreSQL).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../src/api/resources';
import { configureHttp } from '../../src/app/api/http';
import { updateResource, useResources } from '../../src/state/resources/store';

const crane = { id: 'r-crane', name: 'Crane', unit: '', price: 0 } as unknown as Resource;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  configureHttp({
    getToken: () => 'tok',
    getLocale: () => 'en',
    getSpaceId: () => 'space-1',
    onDecision: () => undefined,
    onUnreachable: () => undefined,
  });
  useResources.setState({ items: [crane], status: 'ready', error: null });
});

afterEach(() => vi.unstubAllGlobals());

describe('resource writes', () => {
  it('sends an edit after the one before it is answered, and shows the newest row last', async () => {
    const patches: string[] = [];
    const held: ((r: Response) => void)[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url.endsWith('/resources/undo-state'))
        return Promise.resolve(json({ can_undo: true, can_redo: false, undo_label: null, redo_label: null }));
      patches.push(String(init.body));
      return new Promise<Response>((resolve) => held.push(resolve));
    });
    const first = updateResource(crane.id, { unit: 'd' });
    const second = updateResource(crane.id, { price: 12.5 });
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(patches).toEqual(['{"unit":"d"}']); // the price waits for the unit's answer

    held[0]!(json({ ...crane, unit: 'd' }));
    await first;
    await vi.waitFor(() => expect(patches).toHaveLength(2));
    held[1]!(json({ ...crane, unit: 'd', price: 12.5 }));
    await second;
    expect(useResources.getState().items[0]).toMatchObject({ unit: 'd', price: 12.5 });
  });

  it('a refused edit does not stop the ones after it', async () => {
    let n = 0;
    vi.stubGlobal('fetch', (url: string) => {
      if (url.endsWith('/resources/undo-state'))
        return Promise.resolve(
          json({ can_undo: false, can_redo: false, undo_label: null, redo_label: null }),
        );
      n += 1;
      if (n === 1)
        return Promise.resolve(
          new Response(JSON.stringify({ error: 'Bad Request', error_message: [] }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        );
      return Promise.resolve(json({ ...crane, price: 3 }));
    });
    await expect(updateResource(crane.id, { unit: 'x' })).rejects.toThrow();
    await updateResource(crane.id, { price: 3 });
    expect(useResources.getState().items[0]).toMatchObject({ price: 3 });
  });
});
