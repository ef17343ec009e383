import { describe, expect, it } from 'vitest';
import { ContainerModule, inject, injectable } from 'inversify';
import { createContainer } from './container';
import { ClockPort } from './ports/clock.port';
import { createTestContainer, FakeClock } from './testing';
import { SessionService, SignIn, USE_CASES } from './use-cases';

@injectable()
class NeedsClock {
  constructor(@inject(ClockPort) readonly clock: ClockPort) {}
}

describe('createContainer', () => {
  it('builds singletons from the modules it is given', () => {
    const clock = new FakeClock();
    const container = createContainer(
      new ContainerModule(({ bind }) => {
        bind(ClockPort).toConstantValue(clock);
        bind(NeedsClock).toSelf();
      }),
    );
    expect(container.get(NeedsClock).clock).toBe(clock);
    expect(container.get(NeedsClock)).toBe(container.get(NeedsClock));
  });

  it('wires every port to a fake in the test container', () => {
    const { container, fakes } = createTestContainer();
    expect(container.get(ClockPort)).toBe(fakes.clock);
  });

  it('resolves every use case, each one per container', () => {
    const { container } = createTestContainer();
    for (const useCase of USE_CASES) expect(container.get(useCase)).toBeInstanceOf(useCase);
    expect(container.get(SessionService)).toBe(container.get(SessionService));
    expect(container.get(SignIn)).toBe(container.get(SignIn));
    expect(createTestContainer().container.get(SessionService)).not.toBe(container.get(SessionService));
  });
});
