// run.mjs: runs one scenario of Vidra Studio (scenarios/<name>.mjs) in headless
// Chromium (playwright-core) against a running server, as a user would: real
// clicks and keys on the console's pages. Used by the Go test TestStudio
// (internal/browsertest/studio_test.go).
//
// Input (JSON on stdin):
//   base        the server's address (http://127.0.0.1:port); the console is at base/studio/
//   chromium    path of the Chromium binary
//   scenario    the scenario's name (scenarios/<name>.mjs)
//   shots       optional directory for the screenshots of t.shot(name)
//   mailbox     optional address answering GET ?to=<email> with the next mail to it
//               ({subject, text}), waiting up to 10 s
//   env         optional values a scenario needs from the Go test (files, addresses)
//   timeoutMs   the scenario's whole budget (default 180000)
//
// A scenario exports default async function (t): t.page is the page; t.base,
// t.env; t.register() signs up a new user through the console; t.gql(query,
// vars) calls the API with the page's current token; t.axe(screen) runs
// axe-core on the page as it is and records serious and critical violations;
// t.shot(name) saves a screenshot; t.mail(to) reads the next mail; t.step(name,
// fn) times a step; t.fail(msg) fails.
//
// Output (JSON on stdout): {ok, error, axe: {screen: [violations]}, pageErrors,
// consoleErrors, steps: {name: ms}, values: {...}}. Exit status 0 when the
// scenario finished, 1 otherwise.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const input = JSON.parse(readFileSync(0, 'utf8'));
const out = { ok: false, error: '', axe: {}, pageErrors: [], consoleErrors: [], steps: {}, values: {} };
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const args = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-default-apps', '--disable-extensions', '--mute-audio',
  '--autoplay-policy=no-user-gesture-required',
];

let browser;
let seq = 0;
try {
  browser = await chromium.launch({ executablePath: input.chromium, args, headless: true, timeout: 30000 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: input.base });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);
  page.on('pageerror', (e) => out.pageErrors.push(String(e && e.stack || e)));
  page.on('console', (m) => {
    // A Content-Security-Policy violation or any error the console logs fails the scenario.
    if (m.type() === 'error') out.consoleErrors.push(m.text());
  });
  const t = {
    page,
    context,
    browser,
    base: input.base,
    env: input.env || {},
    values: out.values,
    url: (p) => input.base + p,
    fail(msg) { throw new Error(msg); },
    async step(name, fn) {
      const start = performance.now();
      const v = await fn();
      out.steps[name] = Math.round(performance.now() - start);
      return v;
    },
    async register(name = 'Studio User') {
      const email = `user${Date.now()}${++seq}@example.com`;
      const password = 'correct horse battery staple 42';
      await page.goto(input.base + '/studio/register');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      return { email, password };
    },
    async token() {
      return page.evaluate(() => JSON.parse(localStorage.getItem('vidra.studio.session') || 'null')?.accessToken || '');
    },
    async gql(query, variables = {}) {
      const token = await t.token();
      const res = await fetch(input.base + '/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = await res.json();
      if (body.errors?.length) throw new Error(`gql: ${body.errors[0].message}`);
      return body.data;
    },
    async axe(screen) {
      await page.evaluate(axeSource);
      const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
      out.axe[screen] = bad;
    },
    async shot(name) {
      if (input.shots) await page.screenshot({ path: join(input.shots, name + '.png'), fullPage: false });
    },
    async mail(to) {
      if (!input.mailbox) throw new Error('this run has no mailbox');
      const res = await fetch(input.mailbox + '?to=' + encodeURIComponent(to));
      if (!res.ok) throw new Error(`no mail to ${to}: ${res.status}`);
      return res.json();
    },
  };
  const scenario = (await import(`./scenarios/${input.scenario}.mjs`)).default;
  const budget = input.timeoutMs || 180000;
  await Promise.race([
    scenario(t),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`scenario ran out of its ${budget} ms`)), budget)),
  ]);
  out.ok = true;
} catch (e) {
  out.error = String(e && e.stack || e);
} finally {
  if (browser) await browser.close().catch(() => {});
}
process.stdout.write(JSON.stringify(out));
process.exit(out.ok ? 0 : 1);
