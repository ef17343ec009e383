import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '@sortie/core/domain';
import { errorBody } from '../http/errors';
import { DEMO_TUNES, type DemoTune, type Timbre } from '../demo/blind-tests';

/*
 * The demo blind test's music, synthesised by the server: each tune of DEMO_TUNES becomes a few
 * seconds of 16-bit PCM WAV, made at the first request and kept in memory. Nothing downloaded,
 * nothing large committed; played by the host's browser like any uploaded audio file.
 */

export const SAMPLE_RATE = 22_050;

/** Partials (harmonic, amplitude), how fast a note fades (per second) and how long it takes to rise. */
const TIMBRES: Record<Timbre, { partials: ReadonlyArray<readonly [number, number]>; decay: number; attack: number }> = {
  piano: { partials: [[1, 1], [2, 0.5], [3, 0.25], [4, 0.12]], decay: 3.5, attack: 0.005 },
  flute: { partials: [[1, 1], [2, 0.15], [3, 0.05]], decay: 0.6, attack: 0.04 },
  organ: { partials: [[1, 1], [2, 0.6], [3, 0.4], [4, 0.2], [6, 0.1]], decay: 0.2, attack: 0.01 },
  musicBox: { partials: [[1, 1], [3, 0.3], [5.4, 0.15]], decay: 6, attack: 0.002 },
  clarinet: { partials: [[1, 1], [3, 0.55], [5, 0.3], [7, 0.15]], decay: 0.5, attack: 0.03 },
  bell: { partials: [[1, 1], [2.76, 0.4], [5.4, 0.2]], decay: 4, attack: 0.002 },
};

const frequencyOf = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);

/** The tune as mono 16-bit samples, with a short silence after it. */
export function synthesize(tune: Pick<DemoTune, 'notes' | 'bpm' | 'timbre'>, sampleRate = SAMPLE_RATE): Int16Array {
  const beat = 60 / tune.bpm;
  const total = tune.notes.reduce((sum, [, beats]) => sum + beats, 0) * beat + 0.5;
  const samples = new Float32Array(Math.ceil(total * sampleRate));
  const { partials, decay, attack } = TIMBRES[tune.timbre];
  const norm = partials.reduce((sum, [, amplitude]) => sum + amplitude, 0);
  let start = 0;
  for (const [pitch, beats] of tune.notes) {
    const length = beats * beat;
    if (pitch > 0) {
      const frequency = frequencyOf(pitch);
      const first = Math.round(start * sampleRate);
      // Each note rings a little past its length (a release of 80 ms) and never clicks.
      const count = Math.min(samples.length - first, Math.round((length + 0.08) * sampleRate));
      for (let i = 0; i < count; i++) {
        const t = i / sampleRate;
        const rise = Math.min(1, t / attack);
        const release = Math.min(1, Math.max(0, (length + 0.08 - t) / 0.08));
        const envelope = rise * release * Math.exp(-decay * t);
        let value = 0;
        for (const [harmonic, amplitude] of partials) value += amplitude * Math.sin(2 * Math.PI * frequency * harmonic * t);
        samples[first + i]! += (0.6 * envelope * value) / norm;
      }
    }
    start += length;
  }
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767);
  return pcm;
}

/** A RIFF/WAVE file: PCM, mono, 16 bits. */
export function wavOf(pcm: Int16Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const files = new Map<number, Buffer>();

/** The WAV of the demo tune n (1-based), made once; undefined when there is none. */
export function demoAudio(n: number): Buffer | undefined {
  const tune = DEMO_TUNES[n - 1];
  if (!tune) return undefined;
  let file = files.get(n);
  if (!file) {
    file = wavOf(synthesize(tune));
    files.set(n, file);
  }
  return file;
}

/**
 * GET /demo-audio/{n}.wav: the demo tunes, with byte ranges (a browser seeks to a question's
 * offset with them). Register with `await app.register(demoAudioRoutes)`.
 */
export async function demoAudioRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/demo-audio/:file', async (request, reply) => {
    const { file } = request.params;
    const match = /^(\d{1,2})\.wav$/.exec(file);
    const audio = match ? demoAudio(Number(match[1])) : undefined;
    if (!audio) return reply.status(404).send(errorBody(new NotFoundError('Extrait introuvable.')));
    reply.header('content-type', 'audio/wav').header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400');
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range || (range[1] === '' && range[2] === '')) return reply.send(audio);
    const size = audio.length;
    const [first, last] = range[1] === '' ? [Math.max(0, size - Number(range[2])), size - 1] : [Number(range[1]), range[2] === '' ? size - 1 : Math.min(size - 1, Number(range[2]))];
    if (first > last || first >= size) return reply.status(416).header('content-range', `bytes */${size}`).send();
    return reply.status(206).header('content-range', `bytes ${first}-${last}/${size}`).send(audio.subarray(first, last + 1));
  });
}
