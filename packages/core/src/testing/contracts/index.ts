/**
 * One contract suite per port (STYLE.md §16): each runs on the fake here in core and on the
 * real adapter in @sortie/adapters, over a local server shaped like the real service, so a
 * fake that passes cannot lie to the tests that trust it.
 */
export * from './runner';
export * from './link-resolver.contract';
export * from './product-api.contract';
export * from './tournament-socket.contract';
export * from './token-store.contract';
export * from './cookie.contract';
export * from './clock.contract';
export * from './music.contract';
export * from './audio-analysis.contract';
export * from './auth.contract';
export * from './push.contract';
