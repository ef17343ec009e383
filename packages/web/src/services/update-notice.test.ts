import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showUpdateNotice } from './update-notice';

afterEach(() => document.getElementById('sortie-update')?.remove());

describe('showUpdateNotice', () => {
  it('says a new version is available, and reloads on demand', async () => {
    let reloads = 0;
    showUpdateNotice(document, () => reloads++);
    expect(screen.getByRole('status').textContent).toContain('Nouvelle version disponible.');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(reloads).toBe(1);
  });

  it('goes away on « Plus tard », and is shown once however many updates arrive', async () => {
    showUpdateNotice(document, () => undefined);
    showUpdateNotice(document, () => undefined);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
