import 'reflect-metadata';

export * from './domain';
export * from './ports';
