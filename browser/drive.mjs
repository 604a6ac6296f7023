// drive.mjs: opens one page in headless Chromium (playwright-core) and prints what the
// page reports as JSON on stdout. Used by the Go package internal/browsertest.
//
// Input (JSON on stdin):
//   url         the page to open
//   chromium    path of the Chromium binary (Debian's /usr/bin/chromium)
//   userAgent   optional user agent replacing Chromium's own
//   timeoutMs   how long the page may take to report (default 60000)
//   settleMs    after closing the page (pagehide, so sendBeacon fires), how long the
//               browser stays up for the requests in flight (default 1500)
//   args        extra Chromium flags
//   actions     optional steps run after the page loaded, before its result is
//               awaited, with real input: {press: "Tab"} (a key, to the focused
//               frame), {tabTo: "Play"} (Tab until the focused element, in any
//               frame, has that aria-label; at most 40 presses), {wait: ms},
//               {waitFor: "js expression"} (true within 30 s), {eval: "js
//               expression"} (its value goes to steps), {screenshot: "path.png"},
//               {click: "css selector"} (a real mouse click on the first element,
//               in any frame, that matches, once it is visible and enabled; within
//               30 s), {hover: "css selector", at: 0.5} (the mouse moved over that
//               element at that fraction of its width, half its height)
//   screenshot  optional path of a PNG taken once the page reported
//
// The page reports by assigning a promise to window.vidraTestResult; its value (any
// JSON) is the result. Console lines and page errors are kept and returned beside it.
// Output: {"result": ..., "console": [...], "pageErrors": [...], "error": "..."}; the
// exit status is 0 when the page reported, 1 otherwise.
import { chromium } from 'playwright-core';

const input = JSON.parse(await new Promise((resolve, reject) => {
  let data = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => { data += chunk; });
  process.stdin.on('end', () => resolve(data));
  process.stdin.on('error', reject);
}));

const out = { result: null, console: [], pageErrors: [], error: '', steps: [] };

// focusedLabel is the aria-label of the focused element of the focused frame.
async function focusedLabel(page) {
  for (const f of page.frames()) {
    const label = await f.evaluate(() => (document.hasFocus() && document.activeElement && document.activeElement !== document.body
      ? document.activeElement.getAttribute('aria-label') : null)).catch(() => null);
    if (label) return label;
  }
  return null;
}

// locate finds the first element matching selector in any frame of the page,
// waiting up to 30 s for one to exist.
async function locate(page, selector) {
  const deadline = Date.now() + 30000;
  for (;;) {
    for (const f of page.frames()) {
      const l = f.locator(selector).first();
      if (await l.count().catch(() => 0)) return l;
    }
    if (Date.now() > deadline) throw new Error(`no element ${selector} in any frame within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runActions(page, actions) {
  for (const a of actions) {
    if (a.press) await page.keyboard.press(a.press);
    else if (a.wait) await new Promise((r) => setTimeout(r, a.wait));
    else if (a.waitFor) await page.waitForFunction(a.waitFor, null, { timeout: 30000 });
    else if (a.eval) out.steps.push(await page.evaluate(a.eval));
    else if (a.screenshot) await page.screenshot({ path: a.screenshot });
    else if (a.click) await (await locate(page, a.click)).click({ timeout: 30000 });
    else if (a.hover) {
      const l = await locate(page, a.hover);
      const box = await l.boundingBox();
      if (!box) throw new Error(`hover ${a.hover}: not visible`);
      await l.hover({ position: { x: box.width * (a.at ?? 0.5), y: box.height / 2 }, timeout: 30000 });
    }
    else if (a.tabTo) {
      let n = 0;
      while ((await focusedLabel(page)) !== a.tabTo) {
        if (++n > 40) throw new Error(`tabTo ${a.tabTo}: not reached in 40 presses of Tab`);
        await page.keyboard.press('Tab');
      }
    }
  }
}
const timeoutMs = input.timeoutMs || 60000;
const settleMs = input.settleMs ?? 1500;

// Flags that work on a machine with no network but loopback: no background
// connections, no component updates, autoplay without a gesture (a test has none).
const args = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-default-apps', '--disable-extensions', '--mute-audio',
  '--autoplay-policy=no-user-gesture-required',
  ...(input.args || []),
];

let browser;
try {
  browser = await chromium.launch({ executablePath: input.chromium, args, headless: true, timeout: 30000 });
  const context = await browser.newContext(input.userAgent ? { userAgent: input.userAgent } : {});
  const page = await context.newPage();
  page.on('console', (m) => out.console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => out.pageErrors.push(String(e && e.stack || e)));
  await page.goto(input.url, { waitUntil: 'load', timeout: 30000 });
  if (input.actions) await runActions(page, input.actions);
  await page.waitForFunction(() => window.vidraTestResult !== undefined, null, { timeout: timeoutMs });
  out.result = await page.evaluate(
    (ms) => Promise.race([
      window.vidraTestResult,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`page reported nothing in ${ms} ms`)), ms)),
    ]),
    timeoutMs,
  );
  if (input.screenshot) await page.screenshot({ path: input.screenshot });
  // Close as a viewer does: pagehide fires, the page's sendBeacon calls go out.
  await page.close({ runBeforeUnload: true });
  await new Promise((r) => setTimeout(r, settleMs));
} catch (e) {
  out.error = String(e && e.stack || e);
} finally {
  if (browser) await browser.close().catch(() => {});
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(out.error ? 1 : 0);
