import type Sharp from 'sharp';

/**
 * sharp, loaded with the first picture rather than with the server: its native module is one of
 * the largest parts of a start's module loading, and a server restarted mid-game should answer
 * its phones before it can resize a poster.
 */
let loading: Promise<typeof Sharp> | undefined;
export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((module) => module.default));
