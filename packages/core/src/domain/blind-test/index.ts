/**
 * The blind test: French answer matching and the live game's rules, pure. The server runs
 * them as the authority; the players' phones and the host's screen read the same functions.
 */
export * from './answer-matching';
export * from './blind-test-game.schema';
export * from './blind-test.errors';
export * from './nickname';
export * from './game';
export * from './views';
export * from './teams';
export * from './blind-test-actions';
export * from './track-details';
export * from './playlist-questions';
export * from './report';
