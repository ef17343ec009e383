import type { LoggerPort } from '@sortie/core';

export type Level = 'debug' | 'info' | 'warn' | 'error';

/** A logger that keeps every line, so a test can assert what was logged. */
export class RecordingLogger implements LoggerPort {
  readonly lines: Array<{ level: Level; message: string; context: unknown[] }> = [];

  debug(message: string, ...context: unknown[]): void {
    this.lines.push({ level: 'debug', message, context });
  }
  info(message: string, ...context: unknown[]): void {
    this.lines.push({ level: 'info', message, context });
  }
  warn(message: string, ...context: unknown[]): void {
    this.lines.push({ level: 'warn', message, context });
  }
  error(message: string, ...context: unknown[]): void {
    this.lines.push({ level: 'error', message, context });
  }

  at(level: Level): string[] {
    return this.lines.filter((line) => line.level === level).map((line) => line.message);
  }
}
