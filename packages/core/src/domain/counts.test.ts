import { describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, totalLabel } from './counts';

describe('totalLabel', () => {
  it('writes an exact total the French way, and an estimate as « plus de »', () => {
    expect(totalLabel(0)).toBe('0');
    expect(totalLabel(1234).replace(/\s/g, ' ')).toBe('1 234');
    expect(totalLabel(LIST_COUNT_CAP, true).replace(/\s/g, ' ')).toBe('plus de 100');
  });
});
