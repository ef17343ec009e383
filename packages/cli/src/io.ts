import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';

/** What the program writes to and reads from: the process's streams, or a test's buffers. */
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** The terminal's width, when it is one. */
  columns?: number;
}

export interface InStream extends AsyncIterable<string | Uint8Array> {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  setEncoding?(encoding: BufferEncoding): unknown;
  on(event: 'data', listener: (chunk: string | Uint8Array) => void): unknown;
  off(event: 'data', listener: (chunk: string | Uint8Array) => void): unknown;
  resume?(): unknown;
  pause?(): unknown;
}

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Record<string, string | undefined>;
  /** Called with a handler for Ctrl-C; returns a function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

/**
 * Writes to a file descriptor synchronously, without creating process.stdout/stderr: those
 * streams cost several milliseconds to set up, a third of what `--version` may add to
 * node's start. A non-blocking pipe that is full (EAGAIN) hands over to the stream for good,
 * so that nothing is reordered or lost.
 */
export function fdWriter(fd: number, stream: () => NodeJS.WriteStream): OutStream {
  let fallback: NodeJS.WriteStream | undefined;
  let closed = false;
  return {
    write(chunk: string) {
      if (closed) return false;
      if (fallback) return fallback.write(chunk);
      let rest = Buffer.from(chunk, 'utf8');
      try {
        while (rest.length > 0) rest = rest.subarray(writeSync(fd, rest));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // The reader went away (`sortie links list | head -1`): the rest is of no use to anyone.
        if (code === 'EPIPE') {
          closed = true;
          return false;
        }
        if (code !== 'EAGAIN') throw error;
        fallback = stream();
        return fallback.write(rest);
      }
      return true;
    },
    get isTTY() {
      return isatty(fd);
    },
    get columns() {
      // Only a terminal has a width, and then setting up its stream is worth it.
      return isatty(fd) ? stream().columns : undefined;
    },
  };
}

export function processIo(): Io {
  return {
    stdout: fdWriter(1, () => process.stdout),
    stderr: fdWriter(2, () => process.stderr),
    // A getter: process.stdin is only created when a command reads it (login).
    get stdin() {
      return process.stdin as unknown as InStream;
    },
    env: process.env,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
}
