import { z } from 'zod';
import { BLIND_TEST_ACTION_NAMES, BlindTestRefusal, ObjectIdSchema, isObjectId } from '@sortie/core/domain';

/** The longest request a phone may send. */
export const BLIND_TEST_MAX_REQUEST = 10_000;
export const BLIND_TEST_NOT_FOUND = 'Blind test introuvable.';

const RequestSchema = z.object({
  action: z.string().min(1).max(40),
  /** Optional for `join` only: a phone that typed the code finds its game by the code. */
  blindTestId: ObjectIdSchema.optional(),
  params: z.record(z.string(), z.unknown()).default({}),
});

export interface BlindTestCall {
  action: string;
  blindTestId: string | undefined;
  params: Record<string, unknown>;
}

/** The tournaments' shape (SPEC.md §7) for blind tests: a JSON string of {action, blindTestId, params}; anything else is refused in French. */
export function parseBlindTestCall(payload: unknown): BlindTestCall {
  if (typeof payload !== 'string' || payload.length > BLIND_TEST_MAX_REQUEST) throw new BlindTestRefusal('Requête invalide : une chaîne JSON est attendue.');
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw new BlindTestRefusal('Requête invalide : JSON mal formé.');
  }
  if (raw && typeof raw === 'object' && 'blindTestId' in raw && typeof raw.blindTestId === 'string' && !isObjectId(raw.blindTestId)) throw new BlindTestRefusal(BLIND_TEST_NOT_FOUND);
  const request = RequestSchema.safeParse(raw);
  if (!request.success) throw new BlindTestRefusal('Requête invalide : action, blindTestId et params sont attendus.');
  const { action, blindTestId, params } = request.data;
  if (!BLIND_TEST_ACTION_NAMES.includes(action)) throw new BlindTestRefusal(`Action inconnue : ${action.slice(0, 40)}.`);
  if (!blindTestId && action !== 'join') throw new BlindTestRefusal('Requête invalide : blindTestId est attendu.');
  return { action, blindTestId, params };
}
