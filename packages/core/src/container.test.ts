import { describe, expect, it } from 'vitest';
import { ContainerModule, inject, injectable } from 'inversify';
import { createContainer } from './container';
import { ClockPort } from './ports/clock.port';
import { createTestContainer, FakeClock } from './testing';
import { SessionService, SignIn, USE_CASES } from './use-cases';
import { QueryClient } from './queries/query-client';
import { aUser, anId } from './testing';

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

  it('gives one query cache per program, which forgets the former user’s own reads when another user signs in, and keeps the public ones', async () => {
    const { container, fakes } = createTestContainer();
    const [session, queries, api] = [container.get(SessionService), container.get(QueryClient), fakes.api];
    api.signedInAs(aUser({ _id: anId(1) }));
    await session.load();
    queries.set(['me', 'likes', anId(9)], { liked: true });
    queries.set(['events', 'one', anId(9)], { title: 'Concert' });
    await session.load();
    expect(queries.data(['me', 'likes', anId(9)])).toEqual({ liked: true });
    api.signedInAs(aUser({ _id: anId(2) }));
    await session.load();
    expect(queries.data(['me', 'likes', anId(9)])).toBeUndefined();
    expect(queries.data(['events', 'one', anId(9)])).toEqual({ title: 'Concert' });
    expect(container.get(QueryClient)).toBe(queries);
  });
});
