export * from './bracket';
export * from './tournament-actions';
