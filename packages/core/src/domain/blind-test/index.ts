/**
 * The blind test: French answer matching and the live game's rules, pure. The server runs
 * them as the authority; the players' phones and the host's screen read the same functions.
 */
export * from './answer-matching';
