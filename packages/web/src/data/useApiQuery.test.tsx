import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, type ProductApiPort } from '@sortie/core';
import { createTestContainer } from '@sortie/core/testing';
import { ContainerProvider, readyServices } from '../services/container-context';
import { shellConfigOf } from '../services/runtime-config';
import { QueryView } from './QueryView';
import { useApiQuery } from './useApiQuery';

function Title({ load }: { load: (api: ProductApiPort) => Promise<string> }) {
  const query = useApiQuery('title', load);
  return <QueryView query={query}>{(title) => <h1>{title}</h1>}</QueryView>;
}

async function show(load: (api: ProductApiPort) => Promise<string>) {
  const { container, fakes } = createTestContainer();
  await act(async () => {
    render(
      <ContainerProvider services={readyServices({ container, config: fakes.config })} shell={shellConfigOf(fakes.config)}>
        <Title load={load} />
      </ContainerProvider>,
    );
  });
}

describe('useApiQuery and QueryView', () => {
  it('shows a loading state, then the data', async () => {
    let resolve!: (title: string) => void;
    await show(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toContain('Chargement…');
    await act(async () => resolve('Concert au Confort Moderne'));
    expect(screen.getByRole('heading', { name: 'Concert au Confort Moderne' })).toBeTruthy();
  });

  it('shows the server’s French message for a missing record, and retries on demand', async () => {
    let calls = 0;
    await show(async () => {
      calls += 1;
      if (calls === 1) throw new NotFoundError('Événement introuvable.');
      return 'Retrouvé';
    });
    expect(screen.getByRole('alert').textContent).toContain('Événement introuvable.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Retrouvé' })).toBeTruthy();
  });

  it('says the site cannot be reached when the network fails', async () => {
    await show(async () => {
      throw new ApiError('fetch failed', { statusCode: 0 });
    });
    expect(screen.getByRole('alert').textContent).toContain('Impossible de joindre Sortie');
  });
});
