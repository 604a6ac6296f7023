// build.mjs: builds Vidra Studio (src/main.tsx and the screens it loads on demand)
// into ../dist. Run by `make studio`; `make studio-check` rebuilds into a
// temporary directory and fails on any byte of difference.
//
// Steps, each deterministic:
//  1. The GraphQL operations (src/operations/*.graphql) are parsed and validated
//     against the server's schema (schema.graphql, written by `make generate`):
//     an unknown field, a wrong argument or a missing variable fails the build.
//     Each operation becomes a persisted document: its text with the fragments
//     it spreads, by operation name, in the module `studio:operations`; the
//     console can send no other document. dist/operations.json lists them with
//     their SHA-256 (the allow list an operator may pin at a proxy).
//  2. TypeScript checks the sources' types (tsconfig.json, strict): esbuild
//     strips types without reading them, so a wrong property or argument fails
//     here instead of in a user's browser.
//  3. esbuild bundles the TypeScript and CSS, minified, as ES modules split at
//     each screen's dynamic import: the shell loads the code of the first screen
//     only, and the charts library only with the analytics screen.
//  4. Every file is named by a hash of its bytes (served with immutable caching)
//     and written beside its gzip encoding by zopfli (sent as is).
//  5. index.html names the shell's script and stylesheet; it is served with
//     no-cache for every console path (GET /studio/...).
import * as esbuild from 'esbuild';
import { gzip } from '@gfx/zopfli';
import { buildSchema, parse, print, validate, Kind, visit } from 'graphql';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const zopfli = promisify(gzip);
const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] || fileURLToPath(new URL('../dist/', import.meta.url));

// 1. Persisted documents.
function operations() {
  const schema = buildSchema(readFileSync(join(here, 'schema.graphql'), 'utf8'));
  const dir = join(here, 'src/operations');
  const ops = new Map();
  const fragments = new Map();
  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql')).sort();
  const failures = [];
  for (const f of files) {
    const doc = parse(readFileSync(join(dir, f), 'utf8'));
    for (const def of doc.definitions) {
      const name = def.name && def.name.value;
      if (!name) failures.push(`${f}: every operation needs a name`);
      else if (def.kind === Kind.FRAGMENT_DEFINITION) {
        if (fragments.has(name)) failures.push(`${f}: fragment ${name} is defined twice`);
        fragments.set(name, def);
      }
      else if (ops.has(name)) failures.push(`${f}: operation ${name} is defined twice`);
      else ops.set(name, { def, file: f });
    }
  }
  const documents = {};
  for (const [name, { def, file }] of ops) {
    const used = new Set();
    const collect = (node) => visit(node, {
      FragmentSpread(s) {
        const n = s.name.value;
        if (used.has(n)) return;
        used.add(n);
        if (!fragments.has(n)) failures.push(`${file}: ${name} spreads unknown fragment ${n}`);
        else collect(fragments.get(n));
      },
    });
    collect(def);
    const doc = { kind: Kind.DOCUMENT, definitions: [def, ...[...used].sort().filter((n) => fragments.has(n)).map((n) => fragments.get(n))] };
    for (const e of validate(schema, doc)) failures.push(`${file}: ${name}: ${e.message}`);
    documents[name] = print(doc);
  }
  if (failures.length) {
    console.error(`studio: ${failures.length} GraphQL operation(s) do not match the schema:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  return documents;
}

const documents = operations();
typecheck();

// 2. Types.
function typecheck() {
  const configPath = join(here, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, here);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length) {
    console.error(ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f, getCurrentDirectory: () => here, getNewLine: () => '\n',
    }));
    console.error(`studio: ${diagnostics.length} type error(s)`);
    process.exit(1);
  }
}
const operationsPlugin = {
  name: 'studio-operations',
  setup(build) {
    build.onResolve({ filter: /^studio:operations$/ }, () => ({ path: 'operations', namespace: 'studio' }));
    build.onLoad({ filter: /.*/, namespace: 'studio' }, () => ({
      contents: `export default ${JSON.stringify(documents)};`, loader: 'js',
    }));
  },
};

// 3. Bundles.
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { studio: 'src/main.tsx' },
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  platform: 'browser',
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: 'dist',
  entryNames: '[name].[hash]',
  chunkNames: '[name].[hash]',
  assetNames: '[name].[hash]',
  legalComments: 'none',
  charset: 'utf8',
  write: false,
  metafile: true,
  plugins: [operationsPlugin],
  logLevel: 'warning',
});

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });
const entry = { js: '', css: '' };
for (const f of result.outputFiles) {
  const name = f.path.split('/dist/')[1];
  if (name.startsWith('studio.') && name.endsWith('.js')) entry.js = name;
  if (name.startsWith('studio.') && name.endsWith('.css')) entry.css = name;
  await write(join('assets', name), f.contents);
}
if (!entry.js || !entry.css) throw new Error('studio: the shell script or stylesheet is missing from the build');

// The chunks the shell imports statically (preact, the API client...): the page
// preloads them beside the shell's script, so they load in parallel, not one
// after the other.
const preload = [];
const outputs = result.metafile.outputs;
const follow = (file) => {
  for (const imp of outputs[file].imports) {
    if (imp.kind !== 'import-statement' || preload.includes(imp.path)) continue;
    preload.push(imp.path);
    follow(imp.path);
  }
};
follow("dist/" + entry.js);

// 4. The persisted documents' list.
const manifest = Object.fromEntries(Object.entries(documents).sort()
  .map(([name, text]) => [name, 'sha256:' + createHash('sha256').update(text).digest('hex')]));
writeFileSync(join(out, 'operations.json'), JSON.stringify(manifest, null, 2) + '\n');

// 5. The page.
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vidra Studio</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/studio/assets/${entry.css}">
<script type="module" src="/studio/assets/${entry.js}"></script>
${preload.map((p) => `<link rel="modulepreload" href="/studio/assets/${p.replace(/^dist\//, '')}">`).join('\n')}
</head>
<body>
<div id="app"></div>
<noscript>Vidra Studio needs JavaScript. The API is at /graphql and /v1.</noscript>
</body>
</html>
`;
await write('index.html', Buffer.from(html));

async function write(name, bytes) {
  writeFileSync(join(out, name), bytes);
  writeFileSync(join(out, name + '.gz'), await zopfli(Buffer.from(bytes), { numiterations: 15 }));
}
