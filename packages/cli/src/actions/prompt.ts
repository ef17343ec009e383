import type { Io } from '../io';

const decode = (chunk: string | Uint8Array) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));

/** Everything on stdin (for --password-stdin), without the one line break a shell adds. */
export async function readAllStdin(io: Io): Promise<string> {
  let text = '';
  for await (const chunk of io.stdin) text += decode(chunk);
  return text.replace(/\r?\n$/, '');
}

/**
 * Asks a question on stderr and reads one line from the terminal. With `hidden`, the keys
 * typed are not echoed (a password): raw mode, Backspace handled, Ctrl-C aborts.
 */
export function ask(io: Io, question: string, { hidden = false } = {}): Promise<string> {
  const { stdin, stderr } = io;
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let answer = '';
    const raw = hidden && typeof stdin.setRawMode === 'function';
    if (raw) stdin.setRawMode?.(true);
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      if (raw) stdin.setRawMode?.(false);
      stdin.pause?.();
      if (hidden) stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string | Uint8Array) => {
      for (const char of decode(chunk)) {
        if (char === '\u0003') return finish(new Error('Saisie interrompue.'));
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume?.();
  });
}
