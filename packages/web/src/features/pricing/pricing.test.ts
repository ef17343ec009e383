import { describe, expect, it } from 'vitest';
import { PRICING_PLANS, planPrice, withVat } from './pricing';

describe('pricing table', () => {
  it('formats prices in euros, and a quote in French', () => {
    expect(PRICING_PLANS.map((plan) => planPrice(plan.monthlyCents).replace(/[\u00a0\u202f]/g, ' '))).toEqual(['0 €', '29 €', 'Sur devis']);
  });

  it('adds 20 % VAT to the cent', () => {
    expect(withVat(2900)).toBe(3480);
    expect(withVat(999)).toBe(1199);
  });

  it('gives two months free on the yearly price', () => {
    const pro = PRICING_PLANS.find((plan) => plan.id === 'pro')!;
    expect(pro.yearlyCents).toBe(pro.monthlyCents! * 10);
  });
});
