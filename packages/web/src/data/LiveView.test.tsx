import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LiveView, OfflineNotice, type LiveLook } from './LiveView';

type State = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'closed'; title: string | null } | { status: 'success'; score: number };

const message = (error: unknown) => `Échec : ${String(error)}`;

function show(state: State, { online = true, look = 'page' as LiveLook, reload = vi.fn(), closedAction = undefined as ReactNode } = {}) {
  render(
    <LiveView live={{ state, online, reload }} look={look} loading="Chargement de la partie…" errorMessage={message} heading="Blind test" hint="L’écran revient tout seul." closed="La partie va bientôt s’ouvrir." closedAction={closedAction}>
      {({ score }) => <p>Score : {score}</p>}
    </LiveView>,
  );
  return reload;
}

describe('LiveView', () => {
  it('says what is loading, then shows the screen’s content', () => {
    show({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Chargement de la partie…');
    expect(screen.queryByText(/Score/)).toBeNull();
  });

  it('shows the content once live, and « Connexion perdue » above it while the socket is down', () => {
    show({ status: 'success', score: 3 }, { online: false });
    expect(screen.getByText('Score : 3')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Connexion perdue : reconnexion en cours…');
  });

  it('on a page or a panel, says the failure in French with « Réessayer », which loads again', async () => {
    const reload = show({ status: 'error', error: 'hors ligne' }, { look: 'panel' });
    expect(screen.getByRole('alert').textContent).toContain('Échec : hors ligne');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('on a TV, keeps the screen’s title above the failure and says it comes back by itself, without a button', () => {
    show({ status: 'error', error: 'hors ligne' }, { look: 'screen' });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe('Blind test');
    expect(alert.textContent).toBe('Blind testÉchec : hors ligneL’écran revient tout seul.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on a TV, says a session is not open yet under its title', () => {
    show({ status: 'closed', title: 'Quiz du jeudi' }, { look: 'screen' });
    expect(screen.getByRole('status').textContent).toBe('Quiz du jeudiLa partie va bientôt s’ouvrir.');
  });

  it('on a phone, says a session is not open yet as a status line', () => {
    show({ status: 'closed', title: null });
    expect(screen.getByRole('status').textContent).toBe('La partie va bientôt s’ouvrir.');
  });

  it('on a host’s desk, offers its button beside the closed session', () => {
    show({ status: 'closed', title: null }, { closedAction: <button type="button">Ouvrir la partie</button> });
    expect(screen.getByText('La partie va bientôt s’ouvrir.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ouvrir la partie' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('on a page with a heading, keeps the page’s title above the failure', () => {
    render(
      <LiveView live={{ state: { status: 'error', error: 'absent' } as State, online: true, reload: vi.fn() }} loading="Chargement du tournoi…" errorMessage={message} heading="Tournoi">
        {() => null}
      </LiveView>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tournoi');
    expect(screen.getByRole('alert').textContent).toBe('Échec : absentRéessayer');
  });

  it('lets a screen place « Connexion perdue » itself', () => {
    render(
      <LiveView live={{ state: { status: 'success', score: 1 } as State, online: false }} offlineNotice={false} loading="Chargement…" errorMessage={message}>
        {() => (
          <header>
            <OfflineNotice online={false} look="screen" />
          </header>
        )}
      </LiveView>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('banner').textContent).toBe('Connexion perdue : reconnexion en cours…');
  });
});
