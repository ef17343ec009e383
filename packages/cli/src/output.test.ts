import { describe, expect, it } from 'vitest';
import type { Io } from './io';
import { Output } from './output';

function bufferIo(stderrIsTTY: boolean) {
  const written = { stdout: '', stderr: '' };
  const io = {
    stdout: { write: (t: string) => (written.stdout += t) },
    stderr: { write: (t: string) => (written.stderr += t), isTTY: stderrIsTTY },
  } as unknown as Io;
  return { io, written };
}

describe('Output', () => {
  it('draws a spinner on a terminal, and wipes it when the work is done', async () => {
    const { io, written } = bufferIo(true);
    const value = await new Output(io, {}).progress('Chargement…', async () => 42);
    expect(value).toBe(42);
    expect(written.stderr).toContain('⠋ Chargement…');
    expect(written.stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(written.stdout).toBe('');
  });

  it('draws nothing off a terminal, under --json or under --quiet', async () => {
    for (const [tty, mode] of [
      [false, {}],
      [true, { json: true }],
      [true, { quiet: true }],
    ] as const) {
      const { io, written } = bufferIo(tty);
      await new Output(io, mode).progress('Chargement…', async () => 1);
      expect(written.stderr).toBe('');
    }
  });

  it('prints results under --quiet, but not confirmations nor notices', () => {
    const { io, written } = bufferIo(false);
    const out = new Output(io, { quiet: true });
    out.result({ url: 'https://a.fr' }, () => 'https://a.fr');
    out.done('Fait.', { ok: true });
    out.notice('remarque');
    expect(written).toEqual({ stdout: 'https://a.fr\n', stderr: '' });
  });

  it('prints confirmations as JSON under --json', () => {
    const { io, written } = bufferIo(false);
    new Output(io, { json: true }).done('Fait.', { ok: true });
    expect(JSON.parse(written.stdout)).toEqual({ ok: true });
  });
});
