import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import helmet from 'helmet';
import type { ServerConfig } from '../config';
import { BROTLI_ON_THE_FLY, COMPRESSION_THRESHOLD_BYTES, compressOnTheFly, negotiateEncoding, varyOnAcceptEncoding } from '../http/encoding';

/** One year: hashed assets never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored but checked with the server before each use (index.html, the service workers, the manifest). */
export const REVALIDATE = 'no-cache';

const HSTS = 'max-age=31536000; includeSubDomains';

// Text formats only: images, fonts and archives are compressed already.
const COMPRESSIBLE = /^(text\/(html|css|plain|calendar|xml|javascript)|application\/(json|(.+\+)?json|javascript|xml|(.+\+)?xml|manifest\+json)|image\/svg\+xml)(;|$)/;

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce of this answer's Content-Security-Policy for inline scripts: a server-rendered page
 * puts it on the few scripts it writes itself (React's streaming renderer takes it as `nonce`).
 */
export function scriptNonce(reply: FastifyReply): string {
  let nonce = nonces.get(reply.raw);
  if (!nonce) {
    nonce = randomNonce();
    nonces.set(reply.raw, nonce);
  }
  return nonce;
}

// Every answer needs a nonce (its CSP is written before its type is known): drawn from the
// system's generator 256 at a time, each of its 16 bytes used once, rather than one call each
// (7 µs an answer, measured under a crowd: issue 34).
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

function randomNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString('base64', nonceOffset - NONCE_BYTES, nonceOffset);
}

/**
 * Allows this answer's inline scripts by their hashes (`'sha256-…'` sources, none for a page
 * without any) instead of its nonce: for a page whose bytes are the same for every visitor
 * (web/page-cache.ts), and so compressed once. Helmet wrote the CSP as the request came in.
 */
export function allowScriptHashes(reply: FastifyReply, hashes: string): void {
  const csp = reply.getHeader('content-security-policy');
  const nonce = nonces.get(reply.raw);
  if (typeof csp !== 'string' || !nonce) return;
  reply.header('content-security-policy', csp.replace(hashes ? `'nonce-${nonce}'` : ` 'nonce-${nonce}'`, hashes));
}

/** The CSP's sources, by what the configuration turns on (Firebase, Google Maps, Spotify). */
export function contentSecurityDirectives(config: Pick<ServerConfig, 'firebase' | 'mapsApiKey' | 'spotify'>) {
  const script = ["'self'"];
  const connect = ["'self'", 'https://musicbrainz.org', 'https://acousticbrainz.org'];
  const frame = ["'self'"];
  const style = ["'self'", "'unsafe-inline'"];
  const font = ["'self'", 'data:'];
  const worker = ["'self'"];
  if (config.firebase) {
    // Sign-in popups load Google's gapi script and frame the auth domain; the SDK calls *.googleapis.com.
    script.push('https://apis.google.com');
    connect.push('https://*.googleapis.com', 'https://*.firebaseio.com', 'https://*.firebaseapp.com');
    frame.push(`https://${config.firebase.authDomain}`, 'https://accounts.google.com', 'https://appleid.apple.com');
  }
  if (config.mapsApiKey) {
    // Google's own list for the Maps JavaScript API under a CSP (its « allowlist » variant, without unsafe-eval).
    script.push('https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com', 'blob:');
    connect.push('https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com', 'data:', 'blob:');
    frame.push('https://*.google.com');
    worker.push('blob:');
    style.push('https://fonts.googleapis.com');
    font.push('https://fonts.gstatic.com');
  }
  if (config.spotify) connect.push('https://api.spotify.com', 'https://accounts.spotify.com');
  return {
    defaultSrc: ["'self'"],
    // No 'unsafe-inline': the pages load scripts from files, plus what carries this answer's nonce.
    // JSON data blocks (<script type="application/ld+json">) are not run and need nothing.
    // Written once with a slot that each answer fills with its own nonce (securityHeadersOnce).
    scriptSrc: [...script, () => `'nonce-${NONCE_SLOT}'`],
    scriptSrcAttr: ["'none'"],
    // React's style attributes and Leaflet's marker icons (an HTML string with a style attribute).
    styleSrc: style,
    // Event, place and artist images may be on any https host; map tiles come from OpenStreetMap.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: font,
    // 'self' also allows the socket's ws:// and wss:// on this host (CSP level 3).
    connectSrc: connect,
    frameSrc: frame,
    workerSrc: worker,
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // HSTS does this behind https; on plain http (development, tests) it would break every request.
    upgradeInsecureRequests: null,
  };
}

/** Where the CSP written once names the nonce each answer fills in. */
const NONCE_SLOT = '{nonce}';

/**
 * Helmet's headers, drawn once, on a response of no request: they are the same for every answer
 * but the CSP's nonce. Helmet checks and joins the CSP's directives again at every call (issue 34:
 * 3.6 % of the server's time, 12 µs an answer, under a crowd reading feeds afresh).
 */
function securityHeadersOnce(middleware: ReturnType<typeof helmet>): (response: ServerResponse, nonce: string) => void {
  const drawn = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(drawn.req, drawn, (error?: unknown) => {
    if (error) throw error;
  });
  const headers = Object.entries(drawn.getHeaders()).map(([name, value]) => [name, String(value)] as const);
  const csp = headers.find(([name]) => name === 'content-security-policy')?.[1].split(NONCE_SLOT);
  const others = headers.filter(([name]) => name !== 'content-security-policy');
  return (response, nonce) => {
    for (const [name, value] of others) response.setHeader(name, value);
    if (csp) response.setHeader('content-security-policy', csp.join(nonce));
  };
}

/**
 * Compression on the fly (brotli, then gzip) and security headers for every answer Fastify
 * sends. socket.io and the /r fast path answer on the raw server and are untouched. Registered
 * before the routes: @fastify/compress hooks each route as it is added.
 */
export async function registerDelivery(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
  });

  // Built once: @fastify/helmet builds helmet's middleware anew for every request, its CSP
  // directives parsed again each time (issue 34: 2 % of the server's time under a crowd).
  const securityHeaders = securityHeadersOnce(helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // Sign-in with Google or Apple opens a popup that must be able to answer its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images, calendars and the sitemap are public: other sites and apps may load them.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, only over https: on plain http the browser ignores it anyway and it would mislead.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'sameorigin' },
  }));
  // Every answer gets its script nonce in the CSP that names it.
  app.addHook('onRequest', (_request, reply, done) => {
    securityHeaders(reply.raw, scriptNonce(reply));
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.is404) payload = compressPage(request.headers['accept-encoding'], reply, payload);
    if (config.hsts || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A page (the app's shell or a server-rendered one) is checked again on every visit.
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('cache-control', REVALIDATE);
    return payload;
  });
}

/**
 * What the not-found handler answers (the pages, rendered on the server or the app's shell)
 * compressed as @fastify/compress does for routes: it hooks each route as it is added, and the
 * not-found handler is none. Text only, above the threshold, never twice.
 */
function compressPage(acceptEncoding: string | string[] | undefined, reply: FastifyReply, payload: unknown): unknown {
  if (payload === null || payload === undefined || reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  varyOnAcceptEncoding(reply);
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressOnTheFly(payload, encoding);
  }
  if (payload instanceof NodeReadableStream) payload = Readable.fromWeb(payload);
  if (payload instanceof Readable) {
    reply.header('content-encoding', encoding).removeHeader('content-length');
    // Each chunk flushed as it comes: a page streamed by the server renderer shows its head early.
    const compressor = encoding === 'br' ? createBrotliCompress({ ...BROTLI_ON_THE_FLY, flush: constants.BROTLI_OPERATION_FLUSH }) : createGzip({ flush: constants.Z_SYNC_FLUSH });
    return pipeline(payload, compressor, () => undefined);
  }
  return payload;
}

/** @fastify/static's headers: hashed assets for a year, everything else revalidated. */
export function staticCacheHeaders(reply: FastifyReply, path: string): void {
  // Vite names what it puts under assets/ after its content (`index-B1x9kQ2a.js`); `path` may be its .br or .gz.
  const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/.test(path);
  reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
}
