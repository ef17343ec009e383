// The PNG icons of the web app manifest and iOS, rendered from public/favicon.svg at build time
// (build output, not committed: the SVG is the one source). A Vite plugin: `vite build` emits
// them beside the bundle, `vite` (dev) answers them from memory.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { IconFile } from '../src/sw/web-manifest';

const SOURCE = fileURLToPath(new URL('../public/favicon.svg', import.meta.url));

/** The part of sharp's API used here (sharp is not a dependency of this package, see below). */
interface SharpImage {
  resize(width: number, height: number): SharpImage;
  flatten(options: { background: string }): SharpImage;
  png(options?: { compressionLevel?: number }): SharpImage;
  toBuffer(): Promise<Buffer>;
}
type Sharp = (input: Buffer, options?: { density?: number }) => SharpImage;

/**
 * sharp is the server's dependency (it resizes uploaded images there); the web build borrows it
 * rather than installing a second copy of libvips for four icons.
 */
async function loadSharp(): Promise<Sharp> {
  const require = createRequire(new URL('../../server/package.json', import.meta.url));
  return ((await import(require.resolve('sharp'))) as { default: Sharp }).default;
}

/** One icon from the SVG; a full-bleed one gets the tile's colour in its transparent corners. */
export async function renderIcon(icon: IconFile, svg: Buffer, tile: string): Promise<Buffer> {
  const sharp = await loadSharp();
  // Drawn at the icon's own density, so the vector is rendered sharp rather than scaled up.
  const drawn = await sharp(svg, { density: (72 * icon.size) / 64 }).resize(icon.size, icon.size).png().toBuffer();
  const image = icon.fullBleed ? sharp(drawn).flatten({ background: tile }) : sharp(drawn);
  return image.png({ compressionLevel: 9 }).toBuffer();
}

export function sortieIcons({ icons, tile }: { icons: readonly IconFile[]; tile: string }): Plugin {
  const rendered = new Map<string, Promise<Buffer>>();
  const render = (icon: IconFile): Promise<Buffer> => {
    let png = rendered.get(icon.src);
    if (!png) {
      png = readFile(SOURCE).then((svg) => renderIcon(icon, svg, tile));
      rendered.set(icon.src, png);
    }
    return png;
  };
  return {
    name: 'sortie-icons',
    async generateBundle() {
      // The server bundle (server rendering) links to the client's icons: nothing to emit there.
      if (this.environment?.config.consumer === 'server') return;
      for (const icon of icons) this.emitFile({ type: 'asset', fileName: icon.src.slice(1), source: await render(icon) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = icons.find((candidate) => candidate.src === request.url);
        if (!icon) return next();
        render(icon).then((png) => {
          response.setHeader('content-type', 'image/png');
          response.end(png);
        }, next);
      });
    },
  };
}
