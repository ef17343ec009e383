import { createServer } from 'node:net';

/** A free port of this machine. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** The part of a test app the federation tests drive. */
interface Federating {
  app: { federation: { settled(): Promise<void>; run(): Promise<unknown> } };
}

/** Lets the servers finish what they queued (a delivery may make another server queue its answer). */
export async function settle(...nodes: Federating[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const node of nodes) {
      await node.app.federation.settled();
      await node.app.federation.run();
    }
  }
}
