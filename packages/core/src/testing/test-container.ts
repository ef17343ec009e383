import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import { createContainer, useCasesModule } from '../container';
import { AuthPort } from '../ports/auth.port';
import { PushPort } from '../ports/push.port';
import { TournamentSocketPort } from '../ports/tournament-socket.port';
import { MusicPort } from '../ports/music.port';
import { AudioAnalysisPort } from '../ports/audio-analysis.port';
import { LinkResolverPort } from '../ports/link-resolver.port';
import { ProductApiPort } from '../ports/product-api.port';
import { TokenStorePort } from '../ports/token-store.port';
import { CookiePort } from '../ports/cookie.port';
import { ClockPort } from '../ports/clock.port';
import { LoggerPort } from '../ports/logger.port';
import { NavigatorPort } from '../ports/navigator.port';
import { RuntimeConfig } from '../ports/runtime-config.port';
import { FakeAuth } from './fake-auth';
import { FakePush } from './fake-push';
import { FakeTournamentSocket } from './fake-tournament-socket';
import { FakeMusic } from './fake-music';
import { FakeAudioAnalysis } from './fake-audio-analysis';
import { FakeLinkResolver } from './fake-link-resolver';
import { FakeProductApi } from './fake-product-api';
import { FakeTokenStore } from './fake-token-store';
import { FakeCookies } from './fake-cookies';
import { FakeClock } from './fake-clock';
import { FakeLogger } from './fake-logger';
import { FakeNavigator } from './fake-navigator';
import { aRuntimeConfig } from './builders';

/** One fake per port, plus the runtime config. */
export interface Fakes {
  auth: FakeAuth;
  push: FakePush;
  socket: FakeTournamentSocket;
  music: FakeMusic;
  audio: FakeAudioAnalysis;
  links: FakeLinkResolver;
  api: FakeProductApi;
  tokens: FakeTokenStore;
  cookies: FakeCookies;
  clock: FakeClock;
  logger: FakeLogger;
  navigator: FakeNavigator;
  config: RuntimeConfig;
}

export type TestContainerOverrides = Partial<Omit<Fakes, 'config'>> & {
  /** Merged into the default test runtime config. */
  config?: Partial<RuntimeConfig>;
  /** More modules to load after the fakes and the use cases (a package's own bindings). */
  modules?: ContainerModule[];
};

/** A fresh fake for every port. */
export function createFakes(overrides: TestContainerOverrides = {}): Fakes {
  return {
    auth: overrides.auth ?? new FakeAuth(),
    push: overrides.push ?? new FakePush(),
    socket: overrides.socket ?? new FakeTournamentSocket(),
    music: overrides.music ?? new FakeMusic(),
    audio: overrides.audio ?? new FakeAudioAnalysis(),
    links: overrides.links ?? new FakeLinkResolver(),
    api: overrides.api ?? new FakeProductApi(),
    tokens: overrides.tokens ?? new FakeTokenStore(),
    cookies: overrides.cookies ?? new FakeCookies(),
    clock: overrides.clock ?? new FakeClock(),
    logger: overrides.logger ?? new FakeLogger(),
    navigator: overrides.navigator ?? new FakeNavigator(),
    config: aRuntimeConfig(overrides.config),
  };
}

/** Binds each fake to its port's token. */
export function fakesModule(fakes: Fakes): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(AuthPort).toConstantValue(fakes.auth);
    bind(PushPort).toConstantValue(fakes.push);
    bind(TournamentSocketPort).toConstantValue(fakes.socket);
    bind(MusicPort).toConstantValue(fakes.music);
    bind(AudioAnalysisPort).toConstantValue(fakes.audio);
    bind(LinkResolverPort).toConstantValue(fakes.links);
    bind(ProductApiPort).toConstantValue(fakes.api);
    bind(TokenStorePort).toConstantValue(fakes.tokens);
    bind(CookiePort).toConstantValue(fakes.cookies);
    bind(ClockPort).toConstantValue(fakes.clock);
    bind(LoggerPort).toConstantValue(fakes.logger);
    bind(NavigatorPort).toConstantValue(fakes.navigator);
    bind(RuntimeConfig).toConstantValue(fakes.config);
  });
}

/**
 * The whole core wired to fakes: `container.get(SignIn)` works, and `fakes` lets the test
 * play the outside world (`fakes.push.deliver(…)`, `fakes.clock.advance(5000)`).
 */
export function createTestContainer(overrides: TestContainerOverrides = {}): { container: Container; fakes: Fakes } {
  const fakes = createFakes(overrides);
  const container = createContainer(fakesModule(fakes), useCasesModule, ...(overrides.modules ?? []));
  return { container, fakes };
}
