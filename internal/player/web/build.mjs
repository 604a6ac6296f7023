// build.mjs: bundles the player (src/player.ts, with its stylesheet) and the VAST
// ad code (src/ads.ts, loaded only by pages with ads) into ../dist. Run by `make player`.
//
// Steps, each deterministic (make player-check rebuilds and compares the bytes):
//  1. esbuild bundles each entry (TypeScript, CSS), minifying its syntax and
//     whitespace; it leaves identifiers to terser.
//  2. terser minifies the scripts (two compress passes, names mangled): on this
//     bundle it gave 3.5 KB less gzip than esbuild's minifier alone, the page
//     weight being the budget (120 KB gzip).
//  3. Each file is named by a hash of its final bytes (name.<hash>.ext): it is
//     served with immutable caching, so any change in any step renames it.
//  4. Each file is also written gzip-compressed by zopfli (name.<hash>.ext.gz):
//     the server sends those bytes as they are (Content-Encoding: gzip), about 3%
//     smaller than the best level of a standard deflate encoder, computed once here
//     rather than at each start.
// The ad code leaves out @xmldom/xmldom: @dailymotion/vast-client imports it only
// where the page has no DOMParser (Node.js), never in a browser.
//
// Page weight (the budget is 120 KB gzip with the ad code too), four choices:
//  - hls.js is bundled from its TypeScript sources (shipped in its npm package),
//    with the feature switches of its light build (no alternate audio, subtitles,
//    EME DRM, CMCD controller, variable substitution, interstitials...) plus two
//    more off that Vidra never uses: content steering and I-frame playlists.
//    AES-128 decryption, LL-HLS, ABR, TS and fMP4 stay: they are not switches.
//    Its runtime dependencies (eventemitter3, url-toolkit, @svta/cml-*) are
//    devDependencies here, at the versions hls.js 1.7.4 was built with.
//  - hls.js's logger calls are dropped from the player's bundle (terser
//    pure_funcs): hls.js prints only when its `debug` option is set, which the
//    player never sets, so every one of them is a no-op in this player; their
//    messages were 8 KB gzip.
//  - TypeScript class fields are compiled as assignments (at tsconfigRaw below):
//    1.8 KB gzip.
//  - @dailymotion/vast-client is bundled from its ES sources (also in its
//    package) rather than its prebuilt browser file, so esbuild can drop what
//    the ad code does not import and terser minifies it with the rest.
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { gzip } from '@gfx/zopfli';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const zopfli = promisify(gzip);
const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] || fileURLToPath(new URL('../dist/', import.meta.url));

const hlsVersion = JSON.parse(readFileSync(join(here, 'node_modules/hls.js/package.json'), 'utf8')).version;
// hls.js's build-time switches (src/define-plugin.d.ts).
const hlsSwitches = {
  __VERSION__: JSON.stringify(hlsVersion),
  __USE_ALT_AUDIO__: false, __USE_EME_DRM__: false, __USE_SUBTITLES__: false, __USE_CMCD__: false,
  __USE_CONTENT_STEERING__: false, __USE_VARIABLE_SUBSTITUTION__: false, __USE_M2TS_ADVANCED_CODECS__: false,
  __USE_MEDIA_CAPABILITIES__: false, __USE_INTERSTITIALS__: false, __USE_IFRAMES__: false, __IN_WORKER__: false,
};
// The logger calls of hls.js (its classes extend its Logger; functions get a logger).
const logCalls = ['this', 'logger', 'this.logger', 'this.hls.logger', 'hls.logger']
  .flatMap((o) => ['log', 'debug', 'info', 'trace', 'warn', 'error'].map((l) => `${o}.${l}`));

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { player: 'src/player.ts', ads: 'src/ads.ts' },
  bundle: true,
  // Syntax only: identifiers keep their names for terser's pure_funcs, and
  // terser mangles them after.
  minifySyntax: true,
  minifyWhitespace: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  outdir: 'dist',
  entryNames: '[name]',
  assetNames: '[name]',
  external: ['@xmldom/xmldom'],
  alias: {
    'hls.js/light': './node_modules/hls.js/src/hls.ts',
    '@dailymotion/vast-client': './node_modules/@dailymotion/vast-client/src/index.js',
  },
  define: Object.fromEntries(Object.entries(hlsSwitches).map(([k, v]) => [k, String(v)])),
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
  // TypeScript class fields as assignments in the constructor, as hls.js's own
  // build (Babel, loose) writes them, not Object.defineProperty calls: 1.8 KB
  // gzip less. Unlike that build, a field declared without a value is not set
  // to undefined; no hls.js 1.7.4 subclass declares one that its base class sets
  // (the reset would matter there), checked when this was chosen.
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
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
      // Only in the player's bundle: the ad code's VASTTracker has an error()
      // method that fires the ad's error tracking.
      compress: { ecma: 2020, passes: 2, pure_funcs: basename(file.path, ext) === 'player' ? logCalls : [] },
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
