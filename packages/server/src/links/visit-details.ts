import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { parisDay, parisOffsetMinutes, utmOf, type Utm } from '@sortie/core';
import { memo } from '../memo';

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

/** What one user agent tells; the same agents come back visit after visit (one phone model, one preview fetcher). */
interface AgentDetails {
  device: VisitDetails['device'];
  system: string | null;
  browser: string | null;
  bot: boolean;
}

// Remembered (memo), so that a flush of thousands of visits from a few hundred agents, referrers
// and hours parses each once: the flush runs on the redirect's event loop, and its time is the
// redirect's p99.
const agentDetails = memo<AgentDetails>(2000, (userAgent) => {
  const bot = isBotVisit(userAgent, false);
  const parsed = new UAParser(userAgent).getResult();
  const type = parsed.device.type;
  return {
    device: bot ? 'bot' : type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    system: parsed.os.name?.slice(0, 60) ?? null,
    browser: parsed.browser.name?.slice(0, 60) ?? null,
    bot,
  };
});
const referrerHost = memo<{ host: string | null }>(2000, (referrer) => ({ host: referrerHostOf(referrer) }));
const targetUtm = memo<{ utm: Utm | null }>(500, (target) => ({ utm: utmOf(target) }));
/** Paris is a whole number of hours from UTC: the UTC hour (2026-06-15T10) gives the Paris day and hour. */
const parisHourOf = memo<{ day: string; hour: number }>(500, (utcHour) => {
  const at = Date.parse(`${utcHour}:00:00Z`);
  return { day: parisDay(at), hour: parisHour(at) };
});

/** What a visit tells, read from what the redirect kept: run when the visit buffer is written, never in the redirect. */
export function visitDetails(visit: RawVisit): VisitDetails {
  const iso = visit.datetime.endsWith('Z') ? visit.datetime : new Date(visit.datetime).toISOString();
  const agent = agentDetails(visit.userAgent);
  // A HEAD is a link checker or a preview, whatever it says it is.
  const bot = visit.head || agent.bot;
  return {
    ...parisHourOf(iso.slice(0, 13)),
    referrerHost: referrerHost(visit.referrer).host,
    device: bot ? 'bot' : agent.device,
    system: agent.system,
    browser: agent.browser,
    bot,
    qr: visit.qr,
    utm: targetUtm(visit.target).utm,
  };
}
