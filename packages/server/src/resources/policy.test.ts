import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES } from '@sortie/core';
import type { UserJson } from '../auth/users';
import type { Json } from '../db/store';
import { ownerOf, RESOURCE_POLICY } from './policy';

const dates = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };
const ALICE = 'a'.repeat(24);
const BOB = 'b'.repeat(24);
const user = (id: string, roles: string[] = []): UserJson => ({ _id: id, email: `${id}@exemple.fr`, displayName: id, roles, ...dates });

describe('RESOURCE_POLICY', () => {
  it('has an entry for every resource of RESOURCES', () => {
    expect(Object.keys(RESOURCE_POLICY).sort()).toEqual([...RESOURCE_NAMES].sort());
  });

  it('shows of a dyna link only where it leads, to anyone', () => {
    const link: Json = { _id: ALICE, url: 'https://exemple.fr', shortCode: 'abc', createdBy: BOB, visitCount: 3, visits: [], ...dates };
    expect(RESOURCE_POLICY.dynaLinks.readOne?.viewer).toBe('none');
    expect(RESOURCE_POLICY.dynaLinks.readOne?.project(link, null)).toEqual({ _id: ALICE, url: 'https://exemple.fr', shortCode: 'abc', ...dates });
  });

  it('hides a user’s e-mail from everyone but themselves and staff', () => {
    const project = RESOURCE_POLICY.users.readOne!.project;
    const alice = user(ALICE);
    expect(project(alice, null)).not.toHaveProperty('email');
    expect(project(alice, user(BOB))).not.toHaveProperty('email');
    expect(project(alice, alice)).toHaveProperty('email');
    expect(project(alice, user(BOB, ['staff']))).toHaveProperty('email');
  });

  it('shows a notification to its owner and staff only', () => {
    const notification: Json = { _id: BOB, userId: ALICE, title: 'Bonjour', body: '', readAt: null, ...dates };
    const project = RESOURCE_POLICY.notifications.readOne!.project;
    expect(RESOURCE_POLICY.notifications.readOne?.viewer).toBe('signedIn');
    expect(project(notification, user(ALICE))).toBe(notification);
    expect(project(notification, user(BOB))).toBeNull();
    expect(project(notification, user(BOB, ['admin']))).toBe(notification);
    expect(ownerOf({ userId: 'pas-un-id' })).toBeUndefined();
  });

  it('prepares what the server adds at creation, keeping what was given', () => {
    expect(RESOURCE_POLICY.shares.prepare!({ target: {} }, ALICE)).toEqual({ target: {}, userId: ALICE });
    expect(RESOURCE_POLICY.users.prepare!({ email: 'x@exemple.fr', messagingTokens: ['t'] }, ALICE)).toEqual({ email: 'x@exemple.fr', messagingTokens: ['t'] });
    const link = RESOURCE_POLICY.dynaLinks.prepare!({ url: 'https://exemple.fr' }, ALICE);
    expect(link).toMatchObject({ url: 'https://exemple.fr', createdBy: ALICE });
    expect(link.shortCode).toMatch(/^[A-Za-z0-9_-]{7}$/);
    expect(RESOURCE_POLICY.dynaLinks.prepare!({ url: 'https://exemple.fr', shortCode: 'mien', createdBy: BOB }, ALICE)).toMatchObject({ shortCode: 'mien', createdBy: BOB });
  });

  it('hides unpublished blog posts from visitors, as of now', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(RESOURCE_POLICY.blogPosts.list?.hiddenFromVisitors?.(now)).toEqual({ clause: 'published_at IS NOT NULL AND published_at <= {}', value: '2026-03-01T12:00:00.000Z' });
  });
});
