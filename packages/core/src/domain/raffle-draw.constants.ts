/** The draw's name in a proof: read by the draw (raffle-draw.ts) and by the proof's schema, which the draw reads for its type. */
export const RAFFLE_DRAW_ALGORITHM = 'hmac-sha256-order';
