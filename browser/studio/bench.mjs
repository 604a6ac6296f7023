// bench.mjs: Vidra Studio's budgets measured from outside, against the real
// binary (bench/studio.sh starts it), in Debian's Chromium as a user meets them:
//
//  1. First screen interactive, cold cache: a new browser context opens
//     /studio/ signed out; the time from navigation start to the moment the
//     sign-in form's submit button is in the page (rendered by Preact, handlers
//     attached), read in the page by a MutationObserver installed before any
//     script runs. Then signed in: the projects list's first link.
//  2. The library of VIDEOS videos (seeded through the API, 25 createVideo a
//     request): the library page opened, then every page loaded by the
//     screen's own paging control until the end, then searches typed into its
//     search box. Every /graphql request the page makes is timed from the
//     browser (request sent to response finished), by operation name.
//
// Input: BASE (server address), CHROMIUM, VIDEOS (10000), RUNS (5 cold loads).
// Output: JSON on stdout.
import { chromium } from 'playwright-core';

const base = process.env.BASE;
const videos = Number(process.env.VIDEOS || 10000);
const runs = Number(process.env.RUNS || 5);
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

async function gql(query, variables, token) {
  const res = await fetch(base + '/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};
const round = (x) => (x == null ? null : Math.round(x * 10) / 10);

// The account, project and videos.
const email = `bench${Date.now()}@example.com`;
const password = 'studio bench passphrase 2026';
const reg = await gql('mutation($i: RegisterInput!) { register(input: $i) { accessToken refreshToken } }',
  { i: { email, password, name: 'Bench' } });
let token = reg.register.accessToken;
const project = (await gql('mutation { createProject(input: {name: "Library bench"}) { id } }', {}, token)).createProject.id;
const seedStart = performance.now();
const batch = 25;
const workers = 4;
let next = 0;
await Promise.all(Array.from({ length: workers }, async () => {
  for (;;) {
    const from = next;
    next += batch;
    if (from >= videos) return;
    const n = Math.min(batch, videos - from);
    const fields = Array.from({ length: n }, (_, i) =>
      `v${i}: createVideo(input: {projectID: "${project}", title: "Clip ${String(from + i).padStart(5, '0')} ${['harbour', 'mountain', 'studio', 'keynote', 'interview'][(from + i) % 5]}"}) { id }`);
    await gql(`mutation { ${fields.join('\n')} }`, {}, token);
  }
}));
const seedSeconds = (performance.now() - seedStart) / 1000;

const browser = await chromium.launch({
  executablePath, headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-default-apps', '--disable-extensions'],
});

// The moment a selector first matches, in the page's performance.now() (ms from navigation start).
const watch = (selector) => `(() => {
  const sel = ${JSON.stringify(selector)};
  const check = () => { if (!window.__shown && document.querySelector(sel)) window.__shown = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

async function coldLoad(path, selector, session) {
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript((s) => localStorage.setItem('vidra.studio.session', s), JSON.stringify(session));
  }
  await context.addInitScript(watch(selector));
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__shown !== undefined, null, { timeout: 30000 });
  const shown = await page.evaluate(() => window.__shown);
  await context.close();
  return shown;
}

const login = (await gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken refreshToken } }',
  { e: email, p: password })).login;
const signInTimes = [], projectsTimes = [];
for (let i = 0; i < runs; i++) {
  signInTimes.push(await coldLoad('/studio/', 'button[type=submit]'));
  projectsTimes.push(await coldLoad('/studio/', `a[href="/studio/projects/${project}/videos"]`, login));
}

// The library, scrolled to its end by its own paging control, then searched.
const context = await browser.newContext();
await context.addInitScript((s) => localStorage.setItem('vidra.studio.session', s), JSON.stringify(login));
const page = await context.newPage();
const timings = {};
const measured = [];
// Each /graphql request the page makes, timed by Chromium from its start to
// the end of its response (request.timing()), by operation name.
page.on('request', (r) => {
  if (!r.url().endsWith('/graphql') || r.method() !== 'POST') return;
  let name = 'unknown';
  try { name = JSON.parse(r.postData() || '{}').operationName || name; } catch { /* not JSON */ }
  measured.push(r.response().then(async (res) => {
    if (!res) return;
    await res.finished();
    (timings[name] ||= []).push(r.timing().responseEnd);
  }));
});
const libStart = performance.now();
await page.goto(`${base}/studio/projects/${project}/videos`);
await page.getByRole('heading', { level: 1 }).waitFor();
await page.locator('tbody tr, [role=row]').first().waitFor({ timeout: 30000 });
const firstPage = performance.now() - libStart;
let pages = 1;
const nextPage = page.getByRole('button', { name: 'Next page' });
const range = page.locator('.pager [aria-live]');
const scrollStart = performance.now();
// The pager says "9951–10000 of 10000": the end is when its last number is the total.
const atEnd = (text) => {
  const m = (text || '').match(/(\d+)\D+(\d+) of (\d+)/);
  return !m || m[2] === m[3];
};
for (let text = await range.textContent(); !atEnd(text); text = await range.textContent()) {
  await nextPage.click();
  await page.waitForFunction((b) => document.querySelector('.pager [aria-live]')?.textContent !== b, text, { timeout: 30000 });
  pages++;
}
const scrollSeconds = (performance.now() - scrollStart) / 1000;
const search = page.getByLabel('Search titles');
for (const q of ['harbour', 'Clip 0999', 'keynote', 'nothing like this']) {
  await search.fill(q);
  await page.waitForTimeout(800);
}
await Promise.all(measured);
await browser.close();

const report = {
  videos, seedSeconds: round(seedSeconds), runs,
  firstScreen: {
    signIn: { p50: round(pct(signInTimes, 50)), max: round(Math.max(...signInTimes)), all: signInTimes.map(round) },
    projects: { p50: round(pct(projectsTimes, 50)), max: round(Math.max(...projectsTimes)), all: projectsTimes.map(round) },
  },
  library: { firstPageMs: round(firstPage), pages, scrollSeconds: round(scrollSeconds), requests: {} },
};
const all = [];
for (const [name, xs] of Object.entries(timings)) {
  all.push(...xs);
  report.library.requests[name] = { n: xs.length, p50: round(pct(xs, 50)), p99: round(pct(xs, 99)), max: round(Math.max(...xs)) };
}
report.library.all = { n: all.length, p50: round(pct(all, 50)), p99: round(pct(all, 99)), max: round(Math.max(...all)) };
process.stdout.write(JSON.stringify(report, null, 2) + '\n');
