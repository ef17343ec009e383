import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fdWriter } from './io';

describe('fdWriter', () => {
  it('writes UTF-8 text to its descriptor synchronously, without the stream', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sortie-io-'));
    const file = join(dir, 'out.txt');
    const fd = openSync(file, 'w');
    let streamUsed = false;
    const writer = fdWriter(fd, () => {
      streamUsed = true;
      return process.stdout;
    });
    writer.write('Événement à Poitiers\n');
    writer.write('x'.repeat(200_000));
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(`Événement à Poitiers\n${'x'.repeat(200_000)}`);
    expect(writer.isTTY).toBe(false);
    expect(writer.columns).toBeUndefined();
    expect(streamUsed).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
