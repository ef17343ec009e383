/**
 * @sortie/core/testing: a hand-written fake per port, builders, and a container wired to them.
 *
 *   const { container, fakes } = createTestContainer();
 *   const inbox = container.get(NotificationInbox);
 *   fakes.api.seed('notifications', aNotification({ _id: anId(1) }));
 *   inbox.start((failure) => failures.push(failure));
 *   fakes.push.deliver({ data: { id: anId(1) } });
 *   fakes.clock.advance(5000);
 *
 * Programmable fakes (api, auth, push, music, audio, links) record `calls` and take
 * `answer` / `answerOnce` / `fail` / `failOnce` per method; otherwise they behave in memory.
 *
 * One contract suite per port (`contracts/`, STYLE.md §16) says what a caller may rely on;
 * it runs on each fake here (fakes.contract.test.ts), on each real adapter in
 * @sortie/adapters (`*.contract.test.ts`, over local servers shaped like the real services)
 * and, for the product API's ports, against the real server (cli/test/port-contracts…):
 *
 *   import * as vitest from 'vitest';
 *   linkResolverContract(vitest, 'HttpLinkResolverAdapter', async () => ({ port, link, teardown }));
 */
export * from './scripted';
export * from './builders';
export * from './fake-auth';
export * from './fake-push';
export * from './fake-tournament-socket';
export * from './fake-music';
export * from './fake-audio-analysis';
export * from './fake-link-resolver';
export * from './fake-product-api';
export * from './fake-token-store';
export * from './fake-cookies';
export * from './fake-clock';
export * from './fake-logger';
export * from './fake-navigator';
export * from './test-container';
export * from './contracts';
