// build.mjs: bundles the player (src/player.ts, with its stylesheet) and the VAST
// ad code (src/ads.ts, loaded only by pages with ads) into ../dist with a content
// hash in each file name. Deterministic: the same sources and lockfile give the
// same bytes (make player-check rebuilds and compares). Run by `make player`.
import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] || fileURLToPath(new URL('../dist/', import.meta.url));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({
  absWorkingDir: here,
  entryPoints: { player: 'src/player.ts', ads: 'src/ads.ts' },
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  outdir: out,
  entryNames: '[name].[hash]',
  assetNames: '[name].[hash]',
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
});
