// live.mjs: a new user creates a project and a live stream in the console,
// reads its RTMP URL and key from the stream's page, manages simulcast targets
// and settings; the Go test's publisher (t.env.publisher) runs ffmpeg to that
// URL; the page shows the stream live without a reload and its preview plays;
// after ffmpeg stops, the stream is idle again and the session is in the
// history with its recording; the key is reset and the stream deleted.

/** Waits until the stream's status badge reads text (the page polls the API). */
async function statusIs(page, text, timeout = 60000) {
  await page.locator('.live-status .badge').filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout });
}

/** Asks the Go test's publisher to start (url) or stop ffmpeg. */
async function publisher(t, action, url = '') {
  const res = await fetch(`${t.env.publisher}/${action}?url=${encodeURIComponent(url)}`, { method: 'POST' });
  if (!res.ok) t.fail(`publisher ${action}: ${res.status} ${await res.text()}`);
}

/** The preview player's current time, read inside its iframe. */
async function previewTime(page) {
  const frame = page.frame({ url: /\/embed\// });
  if (!frame) return -1;
  return frame.evaluate(() => document.querySelector('video')?.currentTime ?? -1);
}

export default async function (t) {
  const { page } = t;
  await t.register('Lee Broadcaster');
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Keynotes');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/studio\/projects\/[^/]+\/videos$/);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Live' }).click();
  await page.getByRole('heading', { name: 'Live', level: 1 }).waitFor();
  await page.getByText('No live stream yet').waitFor();
  await t.axe('live-empty');

  // A new stream, with a short reconnect window so the end is seen quickly.
  await page.getByRole('button', { name: 'New live stream' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Launch keynote');
  await dialog.getByLabel('Reconnect window (seconds)').fill('3');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/studio\/projects\/[^/]+\/live\/[^/]+$/);
  await page.getByRole('heading', { name: 'Launch keynote', level: 1 }).waitFor();
  await statusIs(page, 'Idle');
  // A marker a reload would lose: every change below comes from polling.
  await page.evaluate(() => { window.__noReload = true; });

  // The key is hidden until asked for.
  if (await page.getByLabel('Stream key', { exact: true }).count()) t.fail('the stream key is shown before "Show stream key"');
  await page.getByRole('button', { name: 'Show stream key' }).click();
  const server = await page.getByLabel('RTMP server URL', { exact: true }).inputValue();
  const key = await page.getByLabel('Stream key', { exact: true }).inputValue();
  const publishURL = await page.getByLabel('RTMP publish URL', { exact: true }).inputValue();
  if (!/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/.test(server) || key.length < 16 || publishURL !== `${server}/${key}`) {
    t.fail(`ingest fields: server ${server}, key ${key}, publish URL ${publishURL}`);
  }
  t.values.srt = await page.getByLabel('SRT address', { exact: true }).inputValue();

  // Simulcast targets: add two, disable one, remove the other.
  for (const [name, url, tkey] of [['Backup', 'rtmp://127.0.0.1:9/live', 'backupkey1234'], ['Spare', 'rtmp://127.0.0.1:9/spare', 'sparekey5678']]) {
    await page.getByLabel('Target name').fill(name);
    await page.getByLabel('Target URL').fill(url);
    await page.getByLabel('Target stream key').fill(tkey);
    await page.getByRole('button', { name: 'Add target' }).click();
    await page.getByRole('cell', { name: name, exact: true }).waitFor();
  }
  await page.getByRole('cell', { name: '…1234' }).waitFor();
  await page.getByRole('button', { name: 'Disable Backup' }).click();
  await page.getByRole('button', { name: 'Enable Backup' }).waitFor();
  await page.getByRole('button', { name: 'Remove Spare' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('cell', { name: 'Spare', exact: true }).waitFor({ state: 'detached' });
  // A URL that is not RTMP is refused on its field.
  await page.getByLabel('Target name').fill('Bad');
  await page.getByLabel('Target URL').fill('http://example.com/live');
  await page.getByLabel('Target stream key').fill('badkey');
  await page.getByRole('button', { name: 'Add target' }).click();
  await page.locator('.live-add-target').locator('.error-text, .error-box').first().waitFor();
  t.values.badTargetError = await page.locator('.live-add-target').locator('.error-text, .error-box').first().textContent();

  // Settings: rename.
  const settings = page.locator('section.card', { has: page.getByRole('heading', { name: 'Settings' }) });
  await settings.getByLabel('Name', { exact: true }).fill('Launch keynote (main)');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('heading', { name: 'Launch keynote (main)', level: 1 }).waitFor();

  // ffmpeg publishes with what the page showed; the page turns live by itself.
  const started = Date.now();
  await publisher(t, 'start', publishURL);
  await statusIs(page, 'Live');
  t.values.liveAfterMs = Date.now() - started;
  await page.getByText(/640×360 at/).waitFor({ timeout: 30000 });
  const frame = page.frameLocator('iframe[title="Preview"]');
  await frame.getByRole('button', { name: 'Play video' }).click({ timeout: 30000 });
  let first = -1;
  const deadline = Date.now() + 45000;
  for (;;) {
    const now = await previewTime(page);
    if (first < 0 && now > 0) first = now;
    if (first >= 0 && now - first >= 2) { t.values.previewAdvanced = now - first; break; }
    if (Date.now() > deadline) t.fail(`the preview did not play: currentTime ${first} then ${now}`);
    await page.waitForTimeout(250);
  }
  await t.axe('live-stream');
  await t.shot('live-stream');

  // The list shows it live.
  const streamURL = page.url();
  await page.getByRole('link', { name: 'All live streams' }).click();
  await page.getByRole('heading', { name: 'Live', level: 1 }).waitFor();
  await page.getByRole('row', { name: /Launch keynote \(main\)/ }).getByText('Live', { exact: true }).waitFor();
  await t.axe('live-list');
  await t.shot('live-list');
  await page.getByRole('link', { name: 'Launch keynote (main)' }).click();
  await page.waitForURL(streamURL);
  await statusIs(page, 'Live');
  await page.evaluate(() => { window.__noReload = true; });

  // ffmpeg stops: reconnect window, then idle; the session is in the history.
  await publisher(t, 'stop');
  await statusIs(page, 'Idle', 60000);
  await page.locator('iframe[title="Preview"]').waitFor({ state: 'detached' });
  const history = page.locator('section.card', { has: page.getByRole('heading', { name: 'Sessions and recordings' }) });
  const row = history.getByRole('row').filter({ hasText: 'RTMP' });
  await row.getByText('Publisher stopped').waitFor({ timeout: 30000 });
  t.values.recording = await row.getByRole('link').first().textContent();
  if (!(await page.evaluate(() => window.__noReload))) t.fail('the page was reloaded');
  await t.axe('live-stream-idle');
  await page.getByRole('heading', { name: 'Sessions and recordings' }).scrollIntoViewIfNeeded();
  await t.shot('live-stream-history');

  // Reset the key: confirmed, a new key shown.
  await page.getByRole('button', { name: 'Reset key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset key' }).click();
  await page.getByText('Stream key reset').waitFor();
  const newKey = await page.getByLabel('Stream key', { exact: true }).inputValue();
  if (!newKey || newKey === key) t.fail(`the key was not replaced: ${newKey}`);

  // Delete the stream: back to an empty list.
  await page.getByRole('button', { name: 'Delete stream' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete stream' }).click();
  await page.getByRole('heading', { name: 'Live', level: 1 }).waitFor();
  await page.getByText('No live stream yet').waitFor();
}
