import 'reflect-metadata';

export * from './domain';
export * from './ports';
export * from './queries';
export * from './use-cases';
export * from './state';
export * from './container';
