import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('matchRoute smoke', () => {
  it('redirects /home', () => expect(matchRoute('/home')).toEqual({ kind: 'redirect', to: '/home/Poitiers' }));
});
