export * from './tournament-actions';
export * from './registration-actions';
export * from './play-actions';
export * from './tournament-action-registry';
export * from './tournament-view';
export * from './tournament-layout';
export * from './championship-standings';
