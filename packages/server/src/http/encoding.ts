import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerText, TextParts } from '../text-parts';

/** Smaller answers gain nothing from compression: a TCP packet carries them either way. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

// @fastify/compress's own level for brotli on the fly: 11 costs far more for a few per cent.
export const BROTLI_ON_THE_FLY = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** `bytes` compressed in `encoding` at the on-the-fly level. */
export const compressOnTheFly = (bytes: string | Buffer, encoding: Encoding): Buffer => (encoding === 'br' ? brotliCompressSync(bytes, BROTLI_ON_THE_FLY) : gzipSync(bytes));

/** br or gzip, whichever the client accepts (brotli first), or null. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/** Says that the answer's bytes depend on what the client accepts, beside any Vary it has already. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** A text's bytes, its parts encoded one after the other into one buffer (text-parts.ts). */
function bytesOfParts(parts: TextParts): Buffer {
  let size = 0;
  for (const part of parts) size += Buffer.byteLength(part, 'utf8');
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at, 'utf8');
  return bytes;
}

/**
 * An answer read once and sent to many (the public cache's): its bytes, encoded from its text
 * once, and each compression of them made once, for the first client that accepts it. Sent as
 * bytes, an answer is neither copied again for each client (a string is flattened, then joined
 * to the headers, then encoded, for every answer) nor compressed again by @fastify/compress.
 */
export class SharedAnswer {
  readonly bytes: Buffer;
  private readonly encodings = new Map<Encoding, Buffer>();

  constructor(text: AnswerText) {
    this.bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : bytesOfParts(text);
  }

  /** Whether it carries the same bytes as `other`: then either one's compressions serve for both. */
  sameBytes(other: SharedAnswer): boolean {
    return this.bytes.equals(other.bytes);
  }

  /** Its bytes in `encoding`, compressed at the on-the-fly level (an answer lives while its bytes stay the same: MicroCache.sameAsLast). */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.encodings.get(encoding);
    if (!bytes) {
      bytes = compressOnTheFly(this.bytes, encoding);
      this.encodings.set(encoding, bytes);
    }
    return bytes;
  }

  /** Sends it as `type`, compressed if it is worth it and the client accepts it. */
  send(request: FastifyRequest, reply: FastifyReply, type: string): FastifyReply {
    reply.type(type);
    if (this.bytes.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(this.bytes);
    // Compressed or not, its bytes depend on what the client accepts.
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.bytes);
    return reply.header('content-encoding', encoding).send(this.encoded(encoding));
  }
}
