import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEMO_IDS } from '../demo/ids';
import { freePort, removeFolder, staffSessionToken, startServer, stopServer, type ServerProcess } from '../testing/server-process';
import { sharedServerBuild } from '../testing/shared-server-build';
import { answerAll, ask, awaitBack, hostScores, joinPhones, must, openSocket, type Phone } from '../../bench/blind-test-crowd';

/*
 * Issue 32: a node stops cleanly during a game. The built server with a live blind test of
 * PLAYERS phones, stopped by SIGTERM mid-question: it exits 0 within the README's 10 s (its
 * database closed: the next start on the same folder finds it whole and unlocked), its sockets
 * are told to reconnect (« transport close », not « io server disconnect »), and once it is
 * started again every phone comes back by itself as its player, with its points.
 */
/** A room's worth here; `pnpm bench sigterm` measures the 300 players. */
const PLAYERS = 100;

describe('SIGTERM during a live blind test', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-sigterm-'));
  let script: string;
  let server: ServerProcess | null = null;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    script = await sharedServerBuild();
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stopServer(server);
    removeFolder(dataDir);
  });

  it(`exits 0 within 10 s with ${PLAYERS} phones in a game, and after the restart every phone is back as its player with its points`, async () => {
    const port = await freePort();
    server = await startServer(script, { dataDir, port });
    const host = await openSocket(server.url, { token: await staffSessionToken(server.url) });
    sockets.push(host);
    const blindTestId = DEMO_IDS.blindTest;
    const opened = await must(ask(host, blindTestId, 'open'), 'ouverture');
    const code = opened.game!.code!;
    const phones: Phone[] = await joinPhones(server.url, blindTestId, code, PLAYERS);
    sockets.push(...phones.map((p) => p.socket));

    // Question 1 answered by all and revealed; question 2 under way when the node is stopped.
    const first = await must(ask(host, blindTestId, 'start'), 'question 1');
    expect(await answerAll(phones, blindTestId, 0, first.game!.full!.questions[0]!)).toBe(PLAYERS);
    await must(ask(host, blindTestId, 'reveal'), 'révélation 1');
    const second = await must(ask(host, blindTestId, 'next'), 'question 2');
    const before = await hostScores(host, blindTestId);
    expect([...before.values()].filter((score) => score > 0).length).toBeGreaterThan(0);
    const answering = answerAll(phones.slice(0, PLAYERS / 2), blindTestId, 1, second.game!.full!.questions[1]!);

    const reasons: string[] = [];
    for (const phone of phones) phone.socket.once('disconnect', (reason) => reasons.push(reason));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code0 = await server.exit;
    const elapsed = performance.now() - signalled;
    const output = server.output();
    server = null;
    expect(code0, output).toBe(0);
    // Within the drain limit (the README's 10 s): past it the node says « Arrêt forcé » and exits 1. How soon is the sigterm bench's figure.
    expect(output).not.toContain('Arrêt forcé');
    // Told to reconnect: every phone's socket.io client tries again by itself.
    expect(new Set(reasons)).toEqual(new Set(['transport close']));
    // The answers under way were acknowledged before the sockets closed, or refused (« le serveur redémarre »): none left hanging.
    const answeredBeforeStop = await answering;

    server = await startServer(script, { dataDir, port });
    expect(await awaitBack(phones, 20_000)).toBe(PLAYERS);
    // What the restarted node holds: nobody lost the points stored before the stop, and each phone is back with the points stored.
    const restartedHost = await openSocket(server.url, { token: await staffSessionToken(server.url) });
    sockets.push(restartedHost);
    const after = await hostScores(restartedHost, blindTestId);
    for (const phone of phones) {
      expect(after.get(phone.id)!, phone.nickname).toBeGreaterThanOrEqual(before.get(phone.id)!);
      expect(phone.backScore, phone.nickname).toBe(after.get(phone.id));
    }
    console.log(`SIGTERM avec ${PLAYERS} joueurs : sortie ${code0} en ${elapsed.toFixed(0)} ms ; ${answeredBeforeStop} réponses sur ${PLAYERS / 2} acquittées pendant l’arrêt, les autres refusées ; tous revenus avec leurs points`);
  }, 180_000);
});
