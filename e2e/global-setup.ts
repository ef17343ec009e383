import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import { chromiumPath, launchBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Where the app writes each mail whole, without SMTP (SORTIE_MAIL_DIR): the recipients' mailboxes. */
    mailDir: string;
    /** The one Chromium the test files connect to (see openBrowser). */
    browserWsEndpoint: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 170_000; // a first start builds the web app and loads the demo data
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`L’application s’est arrêtée (code ${app.exitCode}) :\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`L’application n’a pas répondu sur ${url} :\n${output()}`);
}

/** Starts the app as the README does (`pnpm start`), on a free port and a fresh data folder. */
export default async function setup(project: TestProject) {
  chromiumPath(); // a missing browser is a clear failure, before anything starts
  // SORTIE_E2E_URL: run the scenarios against an app already running (while writing them).
  const existing = process.env.SORTIE_E2E_URL?.replace(/\/+$/, '');
  // Chromium starts while the app builds; every test file connects to it.
  const browser = launchBrowserServer();
  browser.catch(() => undefined); // handled where it is awaited
  const closeBrowser = async () => (await browser.catch(() => null))?.close();
  // A Chromium that failed to start here is launched by each file instead, and fails there loudly.
  const provideBrowser = async () => project.provide('browserWsEndpoint', await browser.then((server: BrowserServer) => server.wsEndpoint(), () => ''));
  if (existing) {
    const response = await fetch(`${existing}/api/health`).catch(() => null);
    if (!response?.ok) await closeBrowser();
    if (!response?.ok) throw new Error(`SORTIE_E2E_URL=${existing} ne répond pas sur /api/health.`);
    project.provide('baseUrl', existing);
    project.provide('dataDir', '');
    // That app's SORTIE_MAIL_DIR, for the scenarios that follow a mailed link.
    project.provide('mailDir', process.env.SORTIE_E2E_MAIL_DIR ?? '');
    await provideBrowser();
    return closeBrowser;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-e2e-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'sortie-e2e-mails-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  // vitest sets NODE_ENV=test, and a web build under NODE_ENV=test ships React's development
  // bundles: start the app as a person would, without it (the server then loads the demo data).
  const { NODE_ENV: _vitestEnv, ...env } = process.env;
  const app = spawn('node', ['tools/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SORTIE_DATA_DIR: dataDir,
      // No SMTP: each mail is written whole there, personal links included (the dashboard's mail log masks them).
      SORTIE_MAIL_DIR: mailDir,
      // The scenarios sign in more often than a visitor would, all from 127.0.0.1.
      SORTIE_SIGNIN_RATE_LIMIT: '1000',
      // No store page by default (SPEC.md §4 redirects only to a configured one): mobile.e2e needs both.
      SORTIE_ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=fr.sortie.app',
      SORTIE_IOS_STORE_URL: 'https://apps.apple.com/fr/app/sortie/id0000000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  app.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  app.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => {
    try {
      if (app.pid) process.kill(-app.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    await waitForHealth(baseUrl, app, () => log.slice(-4000));
  } catch (error) {
    stop();
    await closeBrowser();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);
  await provideBrowser();
  return async () => {
    await closeBrowser();
    stop();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
