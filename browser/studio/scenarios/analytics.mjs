// analytics.mjs: the Go test's user signs in and opens a project's Analytics
// (views seeded by TestStudioAnalytics: 3 French and 1 American views about two
// hours ago, 2 German views three days ago): the charts are drawn and their
// tables hold the seeded counts; the world map fills the seeded countries and
// titles them with their counts; the range and a country filter change the URL
// and the figures; a reload keeps the view; the CSV downloads hold the same
// figures; a custom one-day range; a live beacon shows in the viewers now; an
// empty project says it has no views.
import { readFileSync } from 'node:fs';

export default async function (t) {
  const { page, env } = t;
  const analytics = `/studio/projects/${env.project}/analytics`;

  // A deep link of a signed-out visitor comes back after sign-in.
  await page.goto(t.url(analytics));
  await page.getByRole('heading', { name: 'Sign in to Vidra Studio' }).waitFor();
  await page.getByLabel('Email').fill(env.email);
  await page.getByLabel('Password').fill(env.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();

  // Last 7 days (the default): the six seeded views.
  await t.step('first figures', () => total(t, 'Views', '6'));
  await total(t, 'Unique viewers', '6');
  await total(t, 'Watch time', '6 min 30 s');
  await total(t, 'Startup time', '800 ms');
  const canvases = await page.locator('.plot canvas').count();
  if (canvases < 6) t.fail(`expected a canvas per chart (6), found ${canvases}`);
  const views = page.getByRole('region', { name: 'Views', exact: true });
  await views.getByRole('button', { name: 'Show as table' }).click();
  await cell(t, views, env.recentHour, '4');
  await cell(t, views, env.olderHour, '2');
  await page.getByRole('link', { name: 'Launch trailer' }).first().waitFor();
  await rowValue(t, 'Countries', 'France', '3');
  await rowValue(t, 'Countries', 'Germany', '2');
  await t.step('world map', () => worldMap(t));
  await t.axe('analytics');
  await t.shot('analytics');
  await page.getByRole('region', { name: 'Views by country', exact: true }).scrollIntoViewIfNeeded();
  await t.shot('analytics-map');

  // The last 24 hours: the four recent views; the URL says so.
  await page.getByLabel('Range', { exact: true }).selectOption('24h');
  await page.waitForURL(/[?&]range=24h/);
  await total(t, 'Views', '4');

  // A country: France's three views.
  await page.locator('select option[value="FR"]').waitFor({ state: 'attached' });
  await page.getByLabel('Country', { exact: true }).selectOption('FR');
  await page.waitForURL(/[?&]country=FR/);
  await total(t, 'Views', '3');
  await total(t, 'Watch time', '3 min 0 s');
  await rowValue(t, 'Devices', 'Desktop', '3');

  // A reload (or the link shared) shows the same view.
  await page.reload();
  await total(t, 'Views', '3');
  if (await page.getByLabel('Country', { exact: true }).inputValue() !== 'FR') t.fail('the country filter was lost on reload');
  if (await page.getByLabel('Range', { exact: true }).inputValue() !== '24h') t.fail('the range was lost on reload');

  // The CSV files: the time series and the countries, from the same answers.
  const series = await download(t, 'Download time series (CSV)');
  if (!/^analytics-timeseries-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/.test(series.name)) t.fail(`time series file name ${series.name}`);
  const lines = series.text.trim().split(/\r\n/);
  if (lines[0] !== 'time_utc,views,unique_viewers,watch_time_seconds,video_startup_time_ms,rebuffer_percentage,errors') {
    t.fail(`time series CSV header: ${lines[0]}`);
  }
  const recentISO = env.recentHour.replace(' ', 'T') + ':00Z';
  const recentLine = lines.find((l) => l.startsWith(recentISO + ','));
  if (!recentLine || recentLine.split(',')[1] !== '3' || recentLine.split(',')[3] !== '180') t.fail(`time series CSV row of ${recentISO}: ${recentLine}`);
  const sum = lines.slice(1).reduce((n, l) => n + Number(l.split(',')[1]), 0);
  if (sum !== 3 || lines.length !== 25) t.fail(`time series CSV: ${lines.length - 1} rows, ${sum} views`);
  const countries = await download(t, 'Download countries (CSV)');
  if (!countries.text.startsWith('country_code,country,views\r\nFR,France,3\r\n')) t.fail(`countries CSV: ${countries.text}`);
  t.values.csv = { series: series.name, countries: countries.name };

  // A custom range of the day three days ago, filters cleared: its two views.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Range', { exact: true }).selectOption('custom');
  await page.getByLabel('Start date (UTC)', { exact: true }).fill(env.olderDay);
  await page.getByLabel('End date (UTC, included)', { exact: true }).fill(env.olderDay);
  await page.waitForURL(new RegExp(`from=${env.olderDay}&to=${env.olderDay}`));
  await total(t, 'Views', '2');
  await rowValue(t, 'Countries', 'Germany', '2');
  if (new URL(page.url()).searchParams.has('country')) t.fail('the filters were not cleared');
  await t.axe('analytics-custom');

  // A player starts now: the viewers now count it (live, by the subscription).
  await page.getByText('Viewers now').waitFor();
  const res = await fetch(t.url(`/collect/v1/${env.project}/events`), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    body: JSON.stringify({
      v: 1, view_id: crypto.randomUUID(), session_id: 's-live', video_id: env.making,
      events: [
        { seq: 0, e: 'viewstart', t: Date.now() - 2000, pt: 0 },
        { seq: 1, e: 'play', t: Date.now() - 1900, pt: 0 },
        { seq: 2, e: 'playing', t: Date.now() - 1500, pt: 0 },
        { seq: 3, e: 'heartbeat', t: Date.now(), pt: 1500 },
      ],
    }),
  });
  if (res.status !== 204) t.fail(`beacon: ${res.status} ${await res.text()}`);
  await t.step('viewers now', () => page.locator('.viewers-now .big-number').filter({ hasText: /^1$/ }).waitFor({ timeout: 20000 }));

  // A project without views says so.
  await page.goto(t.url(`/studio/projects/${env.emptyProject}/analytics`));
  await page.getByText('No views in this range.').waitFor();
  await t.axe('analytics-empty');
}

/** Checks the world map: one labelled image; France (3 views) filled unlike Brazil (none), titled with its count. */
async function worldMap(t) {
  const map = t.page.getByRole('img', { name: 'Map of views by country: France 3, Germany 2, United States 1', exact: true });
  await map.waitFor();
  const shape = (code) => map.locator(`path[data-country="${code}"]`);
  const fill = async (code) => (await shape(code).first().getAttribute('fill')) || '';
  const [france, germany, brazil] = [await fill('FR'), await fill('DE'), await fill('BR')];
  if (!france || !brazil || france === brazil) t.fail(`map fills: France ${france}, Brazil ${brazil} (want different)`);
  if (france === germany) t.fail(`map fills: France (3 views) and Germany (2 views) share ${france}`);
  const title = (await shape('FR').first().locator('title').textContent()) || '';
  if (title !== 'France: 3 views') t.fail(`France's map title: ${title}`);
  const none = (await shape('BR').first().locator('title').textContent()) || '';
  if (none !== 'Brazil: no views') t.fail(`Brazil's map title: ${none}`);
  const shapes = await map.locator('path').count();
  if (shapes < 150) t.fail(`the map draws ${shapes} countries`);
  t.values.map = { france, brazil, shapes };
}

/** Waits until the total of a metric ("In this range") reads want. */
async function total(t, name, want) {
  const dd = t.page.locator('.totals div').filter({ has: t.page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
  await poll(t, async () => (await dd.count()) ? (await dd.innerText()).trim() : '(none)', want, `total ${name}`);
}

/** Waits until the row of label in a table of region reads want. */
async function cell(t, region, label, want) {
  const td = region.locator('tr').filter({ has: t.page.locator('th', { hasText: label }) }).locator('td').first();
  await poll(t, async () => (await td.count()) ? (await td.innerText()).trim() : '(none)', want, `${label}`);
}

/** Waits until the item label of the ranked list title reads want. */
async function rowValue(t, title, label, want) {
  await cell(t, t.page.getByRole('region', { name: title, exact: true }), label, want);
}

/** Polls read() until it returns want (10 s), failing with what it last read. */
async function poll(t, read, want, what) {
  let got = '';
  for (const end = Date.now() + 10000; Date.now() < end;) {
    got = await read();
    if (got === want) return;
    await t.page.waitForTimeout(200);
  }
  t.fail(`${what}: want ${want}, got ${got}`);
}

/** Clicks a download link and reads the file the browser saved: {name, text}. */
async function download(t, link) {
  const [dl] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('link', { name: link }).click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), text: readFileSync(path, 'utf8') };
}
