import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../scripts/bundle-report.mjs');
const dirs: string[] = [];

/** A fake build: an entry importing a vendor chunk, the landing page and one other page. */
function fixture(vendorBytes: number, extra = '') {
  const dist = mkdtempSync(join(tmpdir(), 'sortie-bundle-'));
  dirs.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  // Random bytes do not compress: the gzip size is about the raw size. Without any 'E' or 'F',
  // they can never spell a forbidden library's fingerprint (`EIO`, `FirebaseError`) by chance:
  // about one fixture in three hundred did, and failed on the wrong reason.
  const noise = randomBytes(vendorBytes).map((byte) => (byte === 0x45 || byte === 0x46 ? 0x20 : byte));
  writeFileSync(join(dist, 'assets/vendor.js'), Buffer.concat([noise, Buffer.from(extra)]));
  writeFileSync(join(dist, 'assets/index.js'), 'import "./vendor.js";');
  writeFileSync(join(dist, 'assets/LandingPage.js'), 'export default 1;');
  writeFileSync(join(dist, 'assets/EventPage.js'), 'export default 2;');
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/pages/LandingPage.tsx', 'src/pages/EventPage.tsx'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    'src/pages/LandingPage.tsx': { file: 'assets/LandingPage.js', isDynamicEntry: true },
    'src/pages/EventPage.tsx': { file: 'assets/EventPage.js', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  const registry = join(dist, 'registry.ts');
  writeFileSync(registry, "  landing: () => import('../pages/LandingPage'),\n  event: () => import('../pages/EventPage'),\n");
  return { dist, run: () => spawnSync(process.execPath, [script], { env: { ...process.env, BUNDLE_DIST: dist, BUNDLE_REGISTRY: registry }, encoding: 'utf8' }) };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bundle report', () => {
  it('prints each route chunk and the landing total, and passes under 100 KB', () => {
    const { dist, run } = fixture(50 * 1024);
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/LandingPage\.tsx\s+[\d.]+ KB\s+[\d.]+ KB\s+landing/);
    expect(result.stdout).toMatch(/EventPage\.tsx\s+[\d.]+ KB\s+[\d.]+ KB\s+event/);
    const report = JSON.parse(readFileSync(join(dist, 'bundle-report.json'), 'utf8'));
    expect(report.landing.files.map((f: { file: string }) => f.file).sort()).toEqual(['assets/LandingPage.js', 'assets/index.js', 'assets/vendor.js']);
    expect(report.landing.totalGzip).toBeGreaterThan(50 * 1024);
    expect(report.landing.totalGzip).toBeLessThan(100 * 1024);
  });

  it('fails when the landing route’s initial JavaScript is over 100 KB gzipped', () => {
    const result = fixture(110 * 1024).run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/over the 100\.0 KB budget/);
  });

  it('fails when firebase reaches the landing route’s initial JavaScript', () => {
    const result = fixture(1024, 'class FirebaseError extends Error {}').run();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/contains firebase/);
  });
});
