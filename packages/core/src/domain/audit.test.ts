import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditValueText } from './audit';

describe('the audit log, as staff read it', () => {
  it('names a resource’s fields and enum values in French', () => {
    const changes = auditChanges({ targetType: 'events', before: { title: 'Concert', status: 'draft' }, after: { title: 'Grand concert', status: 'published' } });
    expect(changes).toEqual([
      { field: 'title', label: 'Titre', before: 'Concert', after: 'Grand concert' },
      { field: 'status', label: 'Statut', before: 'Brouillon', after: 'Publié' },
    ]);
  });

  it('names the fields outside the schemas too: roles as words, a tournament action’s score and state', () => {
    const [roles] = auditChanges({ targetType: 'users', before: { roles: [] }, after: { roles: ['staff', 'admin'] } });
    expect(roles!.label).toBe('Rôles');
    expect(auditValueText(roles!.before)).toBe('(vide)');
    expect(auditValueText(roles!.after)).toBe('Équipe, Administrateur');
    const score = auditChanges({ targetType: 'tournaments', before: null, after: { matchId: 'w1-1', scoreA: 3, scoreB: 1, status: 'running' } });
    expect(score.map(({ label, after }) => `${label} : ${auditValueText(after)}`)).toEqual(['Match : w1-1', 'Score du premier : 3', 'Score du second : 1', 'Statut : en cours']);
  });

  it('says what was done, with the right article', () => {
    expect(auditActionLabel('tournaments.reportScore', 'tournaments')).toBe('saisie d’un score de tournoi');
    expect(auditActionLabel('caches.purge', 'caches')).toBe('vidage de cache');
    expect(auditActionLabel('events.update', 'events')).toBe('modification d’événement');
  });

  it('keeps a field it cannot name under its own name rather than hide it', () => {
    expect(auditChanges({ targetType: 'inconnu', before: null, after: { zorglub: 1 } })).toEqual([{ field: 'zorglub', label: 'zorglub', before: undefined, after: 1 }]);
  });
});
