export * from './session.store';
export * from './notifications.store';
