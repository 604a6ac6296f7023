// build.mjs: bundles the player (src/player.ts, with its stylesheet) and the VAST
// ad code (src/ads.ts, loaded only by pages with ads) into ../dist. Run by `make player`.
//
// Steps, each deterministic (make player-check rebuilds and compares the bytes):
//  1. esbuild bundles and minifies each entry (TypeScript, CSS).
//  2. terser minifies the scripts again (two compress passes): on this bundle it
//     gives 3.5 KB less gzip than esbuild's minifier alone, the page weight being
//     the budget (120 KB gzip).
//  3. Each file is named by a hash of its final bytes (name.<hash>.ext): it is
//     served with immutable caching, so any change in any step renames it.
//  4. Each file is also written gzip-compressed by zopfli (name.<hash>.ext.gz):
//     the server sends those bytes as they are (Content-Encoding: gzip), about 3%
//     smaller than the best level of a standard deflate encoder, computed once here
//     rather than at each start.
// The ad code leaves out @xmldom/xmldom: @dailymotion/vast-client imports it only
// where the page has no DOMParser (Node.js), never in a browser.
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { gzip } from '@gfx/zopfli';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const zopfli = promisify(gzip);
const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] || fileURLToPath(new URL('../dist/', import.meta.url));

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { player: 'src/player.ts', ads: 'src/ads.ts' },
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  outdir: 'dist',
  entryNames: '[name]',
  assetNames: '[name]',
  external: ['@xmldom/xmldom'],
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
  write: false,
});

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of result.outputFiles) {
  const ext = extname(file.path);
  let bytes = Buffer.from(file.contents);
  if (ext === '.js') {
    const min = await minify(bytes.toString('utf8'), {
      ecma: 2020,
      compress: { ecma: 2020, passes: 2 },
      mangle: true,
      format: { ecma: 2020, comments: /@license|@preserve|^!/ },
    });
    bytes = Buffer.from(min.code, 'utf8');
  }
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x').toUpperCase();
  const name = `${basename(file.path, ext)}.${hash}${ext}`;
  const gz = Buffer.from(await zopfli(bytes, { numiterations: 15 }));
  writeFileSync(join(out, name), bytes);
  writeFileSync(join(out, name + '.gz'), gz);
  console.log(`${name}: ${bytes.length} bytes, ${gz.length} gzip`);
}
