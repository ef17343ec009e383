import { createServer } from 'node:net';
import { DEMO_ACCOUNTS } from '../../demo/ids';
import { signIn, testApp } from '../../testing/test-app';

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

export type FederatedNode = Awaited<ReturnType<typeof testApp>> & { origin: string; cookie: string };

/**
 * A Sortie server for federation tests: an app on its own PGlite data (the demo), listening on
 * `port` of 127.0.0.1, that origin as its public address, allowing `allowed` origins through
 * SORTIE_ALLOWED_PRIVATE_ORIGINS; `cookie` is a staff session.
 */
export async function startFederatedNode(port: number, allowed: string[], now?: () => number): Promise<FederatedNode> {
  const origin = `http://127.0.0.1:${port}`;
  const node = await testApp({ config: { publicUrl: origin, allowedPrivateOrigins: allowed }, now });
  await node.app.listen({ port, host: '127.0.0.1' });
  const cookie = await signIn(node.app, DEMO_ACCOUNTS.staff.email);
  return { ...node, origin, cookie };
}

/** Lets the servers finish what they queued (a delivery may make another server queue its answer). */
export async function settle(...nodes: FederatedNode[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const node of nodes) {
      await node.app.federation.settled();
      await node.app.federation.run();
    }
  }
}
