import type { LoggerPort } from '../ports/logger.port';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface LogEntry {
  level: LogLevel;
  message: string;
  context: unknown[];
}

/** Keeps every log line; `entries.error` are the failures "logged only" (SPEC.md §8). */
export class FakeLogger implements LoggerPort {
  readonly entries: Record<LogLevel, LogEntry[]> = { debug: [], info: [], warn: [], error: [] };
  readonly all: LogEntry[] = [];

  debug(message: string, ...context: unknown[]): void {
    this.#log('debug', message, context);
  }

  info(message: string, ...context: unknown[]): void {
    this.#log('info', message, context);
  }

  warn(message: string, ...context: unknown[]): void {
    this.#log('warn', message, context);
  }

  error(message: string, ...context: unknown[]): void {
    this.#log('error', message, context);
  }

  /** The messages logged at `level`. */
  messages(level: LogLevel): string[] {
    return this.entries[level].map((entry) => entry.message);
  }

  #log(level: LogLevel, message: string, context: unknown[]): void {
    const entry = { level, message, context };
    this.entries[level].push(entry);
    this.all.push(entry);
  }
}
