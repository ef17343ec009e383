import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { FakePush } from '@sortie/core/testing';

/**
 * A push message arriving while the app is open, once the app listens: its services (and the
 * inbox's subscription) load after the first paint, so a message sent as soon as the page shows
 * could reach nobody, as a real one would before the app is ready.
 */
export async function deliverPush(push: FakePush, id: string): Promise<void> {
  await waitFor(() => expect(push.listenerCount).toBeGreaterThan(0));
  await act(async () => push.deliver({ data: { id } }));
}
