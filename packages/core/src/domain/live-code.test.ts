import { describe, expect, it } from 'vitest';
import { isLiveCode, joinCodeUrl, liveGamePath, liveCodeDigits, liveCodeFrom, LiveCodeSchema, shortJoinAddress } from './live-code';
import { matchRoute, pathFor } from './routes';

describe('live codes (issue 32)', () => {
  it('are six digits, zero-padded, and keep only the digits a player types', () => {
    expect(liveCodeFrom(42)).toBe('000042');
    expect(liveCodeFrom(999_999)).toBe('999999');
    expect(isLiveCode('000042')).toBe(true);
    expect(isLiveCode('12345')).toBe(false);
    expect(isLiveCode('12345a')).toBe(false);
    expect(liveCodeDigits(' 482 913 ')).toBe('482913');
    expect(liveCodeDigits('482-9130')).toBe('482913');
    expect(LiveCodeSchema.safeParse('48291').error?.issues[0]?.message).toBe('Code invalide : il a six chiffres.');
  });

  it('give the short address a screen shows and the one its QR code opens, from the public origin', () => {
    expect(shortJoinAddress('https://sortie.example')).toBe('sortie.example/j');
    expect(shortJoinAddress('http://127.0.0.1:3210')).toBe('127.0.0.1:3210/j');
    expect(joinCodeUrl('https://sortie.example', '004213')).toBe('https://sortie.example/j/004213');
  });

  it('have their pages in the route table: /j and /j/{code}, and a tournament’s check-in page', () => {
    expect(matchRoute('/j')).toMatchObject({ kind: 'page', route: { name: 'join' } });
    expect(matchRoute('/j/482913')).toMatchObject({ kind: 'page', route: { name: 'joinCode' }, params: { code: '482913' } });
    const id = 'b'.repeat(24);
    expect(liveGamePath({ kind: 'blindTest', id }, '004213')).toBe(`/blindTests/${id}?code=004213`);
    expect(liveGamePath({ kind: 'tournament', id }, '004213')).toBe(`/tournaments/${id}/checkIn`);
    expect(pathFor('tournamentCheckIn', { id: 'a'.repeat(24) })).toBe(`/tournaments/${'a'.repeat(24)}/checkIn`);
  });
});
