import type { LoggerPort } from '@sortie/core';

/** LoggerPort on stderr, so stdout stays the command's output. `quiet`: errors only. */
export class StderrLogger implements LoggerPort {
  constructor(
    private readonly options: { quiet?: boolean; verbose?: boolean } = {},
    private readonly stream: { write(chunk: string): unknown } = process.stderr,
  ) {}

  debug(message: string, ...context: unknown[]): void {
    if (this.options.verbose && !this.options.quiet) this.print('debug', message, context);
  }

  info(message: string, ...context: unknown[]): void {
    if (!this.options.quiet) this.print('info', message, context);
  }

  warn(message: string, ...context: unknown[]): void {
    if (!this.options.quiet) this.print('attention', message, context);
  }

  error(message: string, ...context: unknown[]): void {
    this.print('erreur', message, context);
  }

  private print(level: string, message: string, context: unknown[]): void {
    const details = context.map((value) => (value instanceof Error ? value.message : typeof value === 'string' ? value : safeJson(value)));
    this.stream.write(`sortie [${level}] ${message}${details.length ? ` (${details.join(' ; ')})` : ''}\n`);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
