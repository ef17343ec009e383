export * from './ids';
export * from './errors';
export * from './error-page';
export * from './constants';
export * from './counts';
export * from './routes';
export * from './resources';
export * from './schemas';
