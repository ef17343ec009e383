import { describe, expect, it } from 'vitest';
import { ApiKeyInputSchema, CreatedApiKeySchema, isApiKey, operationScope, resourceWriteScope, scopeRefusal } from './api-keys';

describe('API keys', () => {
  it('needs `links` for short links and shares, `tournaments` for tournaments and championships, `content` for the rest, and never writes users', () => {
    expect(resourceWriteScope('dynaLinks')).toBe('links');
    expect(resourceWriteScope('shares')).toBe('links');
    expect(resourceWriteScope('tournaments')).toBe('tournaments');
    expect(resourceWriteScope('championships')).toBe('tournaments');
    expect(resourceWriteScope('events')).toBe('content');
    expect(resourceWriteScope('docPages')).toBe('content');
    expect(resourceWriteScope('users')).toBeNull();
  });

  it('needs `read` for a read, a listed scope for the back office’s actions, and a session for a visitor’s own writes and the keys', () => {
    expect(operationScope('dashboardStats', 'GET')).toBe('read');
    expect(operationScope('drawRaffle', 'POST')).toBe('content');
    expect(operationScope('visitShortCode', 'PUT')).toBe('links');
    expect(operationScope('like', 'PUT')).toBeNull();
    expect(operationScope('myApiKeys', 'GET')).toBeNull();
    expect(operationScope('createApiKey', 'POST')).toBeNull();
  });

  it('explains a refusal in French', () => {
    expect(scopeRefusal('tournaments')).toBe('Cette clé d’API n’a pas la portée « tournaments » (Tournois).');
    expect(scopeRefusal(null)).toBe('Cette action demande une session : elle n’est pas ouverte aux clés d’API.');
  });

  it('tells a key from a session token, and checks a new key’s name and scopes (in a stable order, each once)', () => {
    expect(isApiKey(`sortie_${'a'.repeat(43)}`)).toBe(true);
    expect(isApiKey('a'.repeat(43))).toBe(false);
    expect(ApiKeyInputSchema.parse({ name: '  Billetterie ', scopes: ['links', 'read', 'links'] })).toEqual({ name: 'Billetterie', scopes: ['read', 'links'] });
    expect(ApiKeyInputSchema.safeParse({ name: 'x', scopes: [] }).error?.issues[0]?.message).toBe('Choisissez au moins une portée.');
    expect(ApiKeyInputSchema.safeParse({ name: 'x', scopes: ['admin'] }).error?.issues[0]?.message).toBe('Portée inconnue : read, links, tournaments ou content.');
    expect(CreatedApiKeySchema.safeParse({ id: 'a', name: 'b', scopes: ['read'], prefix: 'sortie_abc', createdAt: '2026-11-23T17:00:00.000Z', lastUsedAt: null, key: 'pas une clé' }).success).toBe(false);
  });
});
