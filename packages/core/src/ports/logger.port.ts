import type { ServiceIdentifier } from 'inversify';

export const LoggerPort = Symbol.for('LoggerPort') as ServiceIdentifier<LoggerPort>;
/** Where failures that are "logged only" (SPEC.md §8) go. */
export interface LoggerPort {
  debug(message: string, ...context: unknown[]): void;
  info(message: string, ...context: unknown[]): void;
  warn(message: string, ...context: unknown[]): void;
  error(message: string, ...context: unknown[]): void;
}
