import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, SharedAnswer } from './encoding';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as the client allows', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('SharedAnswer', () => {
  const text = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ title: `Concert à l’Envers n° ${i}`, city: 'Poitiers' })) });

  it('holds the text as UTF-8 bytes, and compresses them once per encoding for all its readers', () => {
    const answer = new SharedAnswer(text);
    expect(answer.bytes.toString('utf8')).toBe(text);
    const br = answer.encoded('br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
    expect(answer.encoded('br')).toBe(br);
    const gzip = answer.encoded('gzip');
    expect(gunzipSync(gzip).toString('utf8')).toBe(text);
    expect(answer.encoded('gzip')).toBe(gzip);
  });

  it('holds a text given in parts as the same bytes as the text whole, accents and emoji across parts included', () => {
    const parts = ['{"items":[', '{"title":"Café', ' théâtre 🎭","price":"5 €"}', '', ',{"title":"’"}', ']}'];
    expect(new SharedAnswer(parts).bytes.equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
    expect(JSON.parse(new SharedAnswer(parts).bytes.toString('utf8'))).toEqual({ items: [{ title: 'Café théâtre 🎭', price: '5 €' }, { title: '’' }] });
  });
});
