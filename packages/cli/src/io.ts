/** What the program writes to and reads from: the process's streams, or a test's buffers. */
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
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

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin as unknown as InStream,
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
