import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

describe('the embedded connection taken in turns', () => {
  it('runs one statement at a time, a statement asked first before those already waiting, the others in order', async () => {
    const turns = new Turns();
    const ran: string[] = [];
    let running = 0;
    let most = 0;
    const releases = new Map<string, () => void>();
    const statement = (name: string) => () =>
      new Promise<string>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        ran.push(name);
        releases.set(name, () => {
          running -= 1;
          resolve(name);
        });
      });
    const settled = [turns.run(false, statement('search 1')), turns.run(false, statement('search 2')), turns.run(false, statement('search 3'))];
    await Promise.resolve();
    settled.push(turns.run(true, statement('visits')));
    for (const name of ['search 1', 'visits', 'search 2', 'search 3']) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(ran.at(-1)).toBe(name);
      releases.get(name)!();
    }
    expect(await Promise.all(settled)).toEqual(['search 1', 'search 2', 'search 3', 'visits']);
    expect(most).toBe(1);
  });

  it('hands the turn on when a statement fails', async () => {
    const turns = new Turns();
    const failed = turns.run(false, async () => {
      throw new Error('refusé');
    });
    const next = turns.run(false, async () => 'suivant');
    await expect(failed).rejects.toThrow('refusé');
    expect(await next).toBe('suivant');
  });
});
