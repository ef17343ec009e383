import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotFoundError, type QueryDefinition } from '@sortie/core';
import { createTestContainer } from '@sortie/core/testing';
import { ContainerProvider, readyServices } from '../services/container-context';
import { shellConfigOf } from '../services/runtime-config';
import { QueryView } from './QueryView';
import { useQuery } from './useQuery';

function Title({ query }: { query: QueryDefinition<string> | null }) {
  const state = useQuery(query);
  return (
    <div aria-busy={state.fetching}>
      <QueryView query={state}>{(title) => <h1>{title}</h1>}</QueryView>
    </div>
  );
}

async function show(ui: (query: (key: string) => QueryDefinition<string>) => ReactNode, load: (key: string) => Promise<string>) {
  const { container, fakes } = createTestContainer();
  const query = (key: string): QueryDefinition<string> => ({ key: ['titles', key], load: () => load(key) });
  const wrap = (node: ReactNode) => (
    <ContainerProvider services={readyServices({ container, config: fakes.config })} shell={shellConfigOf(fakes.config)}>
      {node}
    </ContainerProvider>
  );
  let rerender!: (node: ReactNode) => void;
  await act(async () => {
    rerender = render(wrap(ui(query))).rerender;
  });
  return { rerender: (next: typeof ui) => act(async () => rerender(wrap(next(query)))) };
}

describe('useQuery', () => {
  it('shows a loading state, then the data', async () => {
    let resolve!: (title: string) => void;
    await show((q) => <Title query={q('a')} />, () => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toContain('Chargement…');
    await act(async () => resolve('Concert au Confort Moderne'));
    expect(screen.getByRole('heading', { name: 'Concert au Confort Moderne' })).toBeTruthy();
  });

  it('shows the server’s French message, and retries on demand', async () => {
    let calls = 0;
    await show(
      (q) => <Title query={q('a')} />,
      async () => {
        calls += 1;
        if (calls === 1) throw new NotFoundError('Événement introuvable.');
        return 'Retrouvé';
      },
    );
    expect(screen.getByRole('alert').textContent).toContain('Événement introuvable.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Retrouvé' })).toBeTruthy();
  });

  it('loads a key once for every component showing it', async () => {
    const loads: string[] = [];
    await show(
      (q) => (
        <>
          <Title query={q('a')} />
          <Title query={q('a')} />
        </>
      ),
      async (key) => (loads.push(key), `Titre ${key}`),
    );
    expect(screen.getAllByRole('heading', { name: 'Titre a' })).toHaveLength(2);
    expect(loads).toEqual(['a']);
  });

  it('waits on null, shows another key’s loading rather than the former data, and shows cached data at once when a key comes back', async () => {
    const gates = new Map<string, (title: string) => void>();
    const { rerender } = await show(() => <Title query={null} />, (key) => new Promise((r) => gates.set(key, r)));
    expect(gates.size).toBe(0);
    await rerender((q) => <Title query={q('a')} />);
    await act(async () => gates.get('a')!('Titre a'));
    await rerender((q) => <Title query={q('b')} />);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => gates.get('b')!('Titre b'));
    gates.clear();
    await rerender((q) => <Title query={q('a')} />);
    // Cached: shown at once, reloading behind it.
    expect(screen.getByRole('heading', { name: 'Titre a' }).closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => gates.get('a')!('Titre a, à jour'));
    expect(screen.getByRole('heading', { name: 'Titre a, à jour' })).toBeTruthy();
  });
});
