// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the
// strongest settings: done once here, the server sends them as they are (@fastify/static's
// preCompressed) instead of compressing every answer again.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite/ holds the build's manifest, read by tools and never served.
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (statSync(path).size < MIN_BYTES) continue;
  const source = readFileSync(path);
  const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
  const gz = gzipSync(source, { level: 9 });
  // A copy that is not smaller is not worth sending: the server then serves the file itself.
  if (br.length < source.length) writeFileSync(`${path}.br`, br);
  if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += source.length;
  after += br.length;
}
console.log(`precompress: ${count} fichiers de ${relative(process.cwd(), dist) || dist}, ${(before / 1024).toFixed(0)} Ko → ${(after / 1024).toFixed(0)} Ko en brotli`);
