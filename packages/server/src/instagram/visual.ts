import { loadSharp } from '../images/sharp';
import type { AppContext } from '../http/context';
import { coverJpeg, loadEvent } from '../designer/content';
import { EVENT_SQUARE_COVER, eventImage, IMAGE_FORMATS } from '../designer/images';
import { ensureShortLink } from '../designer/short-link';

/**
 * The designer's Instagram square of an event (its colours, its cover, the QR code of its short
 * link, made on first use), as the JPEG the Graph API asks for.
 */
export async function instagramVisual(ctx: AppContext, origin: string, eventId: string, userId: string): Promise<Buffer> {
  const event = await loadEvent(ctx, eventId);
  const short = await ensureShortLink(ctx, origin, `${origin}${event.path}`, userId);
  const cover = await coverJpeg(ctx, event.cover, IMAGE_FORMATS.square.width, EVENT_SQUARE_COVER);
  const png = await eventImage('square', event, cover, short.url);
  return (await loadSharp())(png).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}
