import type { Container, ServiceIdentifier } from 'inversify';
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

/** A port's fake: the port's token, and how to make a fresh fake of it. */
interface FakePort<F> {
  port: ServiceIdentifier;
  make(): F;
}

/** Pairs a port with its fake, checking that the fake is one of the port's implementations. */
const fakePort = <Port, F extends Port>(port: ServiceIdentifier<Port>, make: () => F): FakePort<F> => ({ port, make });

type PortName = keyof Omit<Fakes, 'config'>;

/** Every port and its fake, once: `createFakes` makes the fakes, `fakesModule` binds them. */
const FAKE_PORTS: { [Name in PortName]: FakePort<Fakes[Name]> } = {
  auth: fakePort(AuthPort, () => new FakeAuth()),
  push: fakePort(PushPort, () => new FakePush()),
  socket: fakePort(TournamentSocketPort, () => new FakeTournamentSocket()),
  music: fakePort(MusicPort, () => new FakeMusic()),
  audio: fakePort(AudioAnalysisPort, () => new FakeAudioAnalysis()),
  links: fakePort(LinkResolverPort, () => new FakeLinkResolver()),
  api: fakePort(ProductApiPort, () => new FakeProductApi()),
  tokens: fakePort(TokenStorePort, () => new FakeTokenStore()),
  cookies: fakePort(CookiePort, () => new FakeCookies()),
  clock: fakePort(ClockPort, () => new FakeClock()),
  logger: fakePort(LoggerPort, () => new FakeLogger()),
  navigator: fakePort(NavigatorPort, () => new FakeNavigator()),
};
const PORT_NAMES = Object.keys(FAKE_PORTS) as PortName[];

/** A fresh fake for every port (or the one given in `overrides`), plus the runtime config. */
export function createFakes(overrides: TestContainerOverrides = {}): Fakes {
  const fakes = Object.fromEntries(PORT_NAMES.map((name) => [name, overrides[name] ?? FAKE_PORTS[name].make()])) as Omit<Fakes, 'config'>;
  return { ...fakes, config: aRuntimeConfig(overrides.config) };
}

/** Binds each fake to its port's token. */
export function fakesModule(fakes: Fakes): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const name of PORT_NAMES) bind(FAKE_PORTS[name].port).toConstantValue(fakes[name]);
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
