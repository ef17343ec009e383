/** Badges: the kinds of rule a badge is earned by, their French sentences, and the pure evaluation over a visitor's activity. */
export * from './badge-kinds';
export * from './badge-rules';
