import type { Io } from './io';

export interface OutputMode {
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Every byte the program prints goes through here, so that `--json` leaves exactly one
 * JSON document on stdout and `--quiet` leaves results only.
 */
export class Output {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;

  constructor(
    private readonly io: Io,
    mode: OutputMode,
  ) {
    this.json = mode.json === true;
    this.quiet = mode.quiet === true;
    this.verbose = mode.verbose === true && !this.quiet;
  }

  /** A command's result: JSON in --json mode, else the human lines (also under --quiet: scripts read them). */
  result(value: unknown, human: () => string | readonly string[]): void {
    if (this.json) {
      this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      return;
    }
    const text = human();
    const lines = typeof text === 'string' ? [text] : text;
    if (lines.length > 0) this.io.stdout.write(`${lines.join('\n')}\n`);
  }

  /** A confirmation with nothing to read back ("Déconnecté·e."): silent under --quiet. */
  done(message: string, value: unknown): void {
    if (this.json) this.result(value, () => []);
    else if (!this.quiet) this.io.stdout.write(`${message}\n`);
  }

  /** A remark on stderr for a person at the terminal; never under --quiet. */
  notice(message: string): void {
    if (!this.quiet) this.io.stderr.write(`${message}\n`);
  }

  /** Details for --verbose, on stderr. */
  debug(message: string): void {
    if (this.verbose) this.io.stderr.write(`${message}\n`);
  }

  /** An error message, always on stderr. */
  error(message: string): void {
    this.io.stderr.write(`${message}\n`);
  }

  /** Whether progress may be drawn: stderr is a terminal and nobody asked for silence. */
  get interactive(): boolean {
    return this.io.stderr.isTTY === true && !this.json && !this.quiet;
  }

  /**
   * Runs `work` with a spinner and `label` on stderr when interactive; the line is wiped
   * afterwards so that what follows (results, errors) starts clean.
   */
  async progress<T>(label: string, work: () => Promise<T>): Promise<T> {
    if (!this.interactive) return work();
    let frame = 0;
    const draw = () => this.io.stderr.write(`\r${SPINNER_FRAMES[frame++ % SPINNER_FRAMES.length]} ${label}`);
    draw();
    const timer = setInterval(draw, 80);
    timer.unref?.();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      this.io.stderr.write('\r\x1b[2K');
    }
  }
}
