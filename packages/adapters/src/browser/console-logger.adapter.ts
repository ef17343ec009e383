import type { LoggerPort } from '@sortie/core';

/** LoggerPort over the browser console; debug lines only when asked for. */
export class ConsoleLogger implements LoggerPort {
  constructor(
    private readonly options: { debug?: boolean; prefix?: string } = {},
    private readonly sink: Pick<Console, 'debug' | 'info' | 'warn' | 'error'> = console,
  ) {}

  debug(message: string, ...context: unknown[]): void {
    if (this.options.debug) this.sink.debug(this.line(message), ...context);
  }

  info(message: string, ...context: unknown[]): void {
    this.sink.info(this.line(message), ...context);
  }

  warn(message: string, ...context: unknown[]): void {
    this.sink.warn(this.line(message), ...context);
  }

  error(message: string, ...context: unknown[]): void {
    this.sink.error(this.line(message), ...context);
  }

  private line(message: string): string {
    return `[${this.options.prefix ?? 'sortie'}] ${message}`;
  }
}
