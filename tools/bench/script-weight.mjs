// What the browser really downloads as JavaScript before a page is idle: every script
// response counted in Chromium until the network has been quiet, gzipped as a server sends it.
import { gzipSync } from 'node:zlib';

/** Loads `url` in a fresh context of `browser` and sums the scripts it fetched until network idle. */
export async function scriptWeight(browser, url, { setup } = {}) {
  const context = await browser.newContext();
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === new URL(url).hostname ? route.continue() : route.abort()));
  if (setup) await setup(context);
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.body().then(
        (body) => ({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => ({ url: response.url(), bytes: 0, gzip: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(scripts);
  await context.close();
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}
