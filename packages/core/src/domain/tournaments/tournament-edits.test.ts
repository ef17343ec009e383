import { describe, expect, it } from 'vitest';
import { BRACKET_EDIT_REFUSED, FORMAT_LOCKED, formatEditable, tournamentEditRefusal } from './tournament-edits';

const match = { id: 'm1', stage: 1, round: 1, a: 'p1', b: 'p2', scoreA: null, scoreB: null, winner: null };
const running = { status: 'running', format: 'single_elimination', participants: [{ id: 'p1', name: 'Anna', seed: 1 }], matches: [match], standings: [] };

describe('tournamentEditRefusal', () => {
  it('refuses a patch that changes the matches or the standings, in French', () => {
    expect(tournamentEditRefusal(running, { matches: [{ ...match, winner: 'p1' }] })).toBe(BRACKET_EDIT_REFUSED);
    expect(tournamentEditRefusal({ ...running, status: 'registration', matches: [] }, { matches: [match] })).toBe(BRACKET_EDIT_REFUSED);
    expect(tournamentEditRefusal(running, { standings: [{ participantId: 'p1' }] })).toBe(BRACKET_EDIT_REFUSED);
    expect(BRACKET_EDIT_REFUSED).toBe('Le tableau ne change que par les actions du tournoi (score, annulation…).');
  });

  it('refuses a change of the players once registration is closed, not before', () => {
    expect(tournamentEditRefusal(running, { participants: [] })).toBe(BRACKET_EDIT_REFUSED);
    expect(tournamentEditRefusal({ ...running, status: 'registration' }, { participants: [] })).toBeNull();
  });

  it('refuses a change of format once registration is closed', () => {
    expect(tournamentEditRefusal(running, { format: 'round_robin' })).toBe(FORMAT_LOCKED);
    expect(tournamentEditRefusal({ ...running, status: 'finished' }, { format: 'swiss' })).toBe(FORMAT_LOCKED);
    expect(tournamentEditRefusal({ ...running, status: 'registration' }, { format: 'round_robin' })).toBeNull();
    expect(FORMAT_LOCKED).toBe('Le format ne change plus une fois les inscriptions closes.');
    expect(formatEditable('registration')).toBe(true);
    expect(formatEditable('running')).toBe(false);
  });

  it('lets the settings change, and the bracket be sent back as stored', () => {
    expect(tournamentEditRefusal(running, { name: 'Coupe du jeudi', settings: { bestOf: 3 } })).toBeNull();
    expect(tournamentEditRefusal(running, { ...running, name: 'Coupe du jeudi' })).toBeNull();
    const reordered = { winner: null, scoreB: null, scoreA: null, b: 'p2', a: 'p1', round: 1, stage: 1, id: 'm1' };
    expect(tournamentEditRefusal(running, { matches: [reordered] })).toBeNull();
  });
});
