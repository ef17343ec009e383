import type { Server } from 'node:http';

/** Starts a local server (a fake of an outside API, for the tests) on a free port of 127.0.0.1, and answers that port. */
export async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  // Only a server listening on a pipe gives a string, and one not listening null.
  if (address === null || typeof address === 'string') throw new Error(`Le serveur local n’écoute sur aucun port (${String(address)}).`);
  return address.port;
}
