import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { parisDay, parisOffsetMinutes, utmOf, type Utm } from '@sortie/core';

/** What a short link's visit is stored with (issue 36): no IP address, nothing that names the visitor. */
export interface VisitDetails {
  day: string;
  hour: number;
  referrerHost: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | 'bot';
  system: string | null;
  browser: string | null;
  bot: boolean;
  qr: boolean;
  utm: Utm | null;
}

/** What the redirect keeps of a request, as it is: read by visitDetails when the buffer is written. */
export interface RawVisit {
  datetime: string;
  userAgent: string;
  referrer: string;
  /** Opened from a QR code (`/r/{code}?q`). */
  qr: boolean;
  /** A HEAD request: a link checker or a preview, never a person. */
  head: boolean;
  /** Where the visitor was sent (its UTM parameters are the campaign's). */
  target: string;
}

/**
 * The link-preview fetchers that open every link pasted in a chat or a post (isbot knows most;
 * these are named here so that a new version of theirs is still a bot).
 */
const PREVIEW_FETCHERS = /whatsapp|facebookexternalhit|facebookcatalog|meta-externalagent|slackbot|twitterbot|telegrambot|discordbot|linkedinbot|skypeuripreview|pinterestbot|redditbot|embedly|iframely|vkshare|snapchat|applebot|google-pagerenderer|bitlybot|mastodon|pleroma|signal/i;

export function isBotVisit(userAgent: string, head: boolean): boolean {
  return head || userAgent.trim() === '' || PREVIEW_FETCHERS.test(userAgent) || isbot(userAgent);
}

/** The host a visit came from, without its `www.`, `l.` or `m.` (Instagram's l.instagram.com is instagram.com). */
export function referrerHostOf(referrer: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host) return null;
  for (;;) {
    const stripped = host.replace(/^(?:www\d?|l|lm|m|mobile|out)\./, '');
    if (stripped === host || !stripped.includes('.')) return host.slice(0, 253);
    host = stripped;
  }
}

/** The hour (0–23) of an instant in Paris. */
function parisHour(at: number): number {
  const minutes = Math.floor(at / 60_000) + parisOffsetMinutes(at);
  return Math.floor((((minutes % 1440) + 1440) % 1440) / 60);
}

/** What a visit tells, read from what the redirect kept: run when the visit buffer is written, never in the redirect. */
export function visitDetails(visit: RawVisit): VisitDetails {
  const at = Date.parse(visit.datetime);
  const bot = isBotVisit(visit.userAgent, visit.head);
  const parsed = new UAParser(visit.userAgent).getResult();
  const type = parsed.device.type;
  const device = bot ? 'bot' : type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
  return {
    day: parisDay(at),
    hour: parisHour(at),
    referrerHost: referrerHostOf(visit.referrer),
    device,
    system: parsed.os.name?.slice(0, 60) ?? null,
    browser: parsed.browser.name?.slice(0, 60) ?? null,
    bot,
    qr: visit.qr,
    utm: utmOf(visit.target),
  };
}
