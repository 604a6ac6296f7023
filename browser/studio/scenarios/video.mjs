// video.mjs: the owner of a project signs in and works on a ready video's page:
// the player plays in its iframe, the details are edited and saved, a WebVTT
// file becomes a caption whose text is then corrected, automatic captions are
// requested, two chapters are added (one then edited), then replaced by a
// WebVTT chapters file and downloaded as one, the embed code is
// copied, an MP4 download is requested and becomes a link; a video without its
// file shows its status, live until it is ready; the video is deleted.
// t.env: email, password (the Go test's user), project, video (ready), clipFile
// (a video file to upload), captionFile (a WebVTT file).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function (t) {
  const { page } = t;
  const { email, password, project, video, clipFile, captionFile } = t.env;
  const videoPath = `/studio/projects/${project}/videos/${video}`;

  await page.goto(t.url('/studio/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Projects' }).waitFor();

  // A video without its file shows its status instead of the player; when its
  // file is uploaded, the page follows the processing live (videoUpdated) and
  // shows the player once the video is ready, without a reload.
  await t.step('live status', async () => {
    const up = await t.gql(`mutation($p: ID!) { createUploadToken(projectID: $p, input: {title: "Arriving"}) {
      token directUploadURL video { id } } }`, { p: project });
    await page.goto(t.url(`/studio/projects/${project}/videos/${up.createUploadToken.video.id}`));
    await page.getByRole('heading', { name: 'Arriving', level: 1 }).waitFor();
    await page.getByText('Waiting for its file').waitFor();
    if (await page.locator('iframe').count()) t.fail('a video with no file shows a player');
    await t.axe('video-waiting');
    const res = await fetch(up.createUploadToken.directUploadURL, {
      method: 'PUT', headers: { 'Upload-Token': up.createUploadToken.token }, body: readFileSync(clipFile),
    });
    if (!res.ok) t.fail(`the upload answered ${res.status}: ${await res.text()}`);
    await page.getByTitle('Player: Arriving').waitFor({ timeout: 120000 });
  });

  await t.step('open', async () => {
    await page.goto(t.url(videoPath));
    await page.getByRole('heading', { name: 'Harbour at dawn', level: 1 }).waitFor();
  });

  // The Vidra player plays in its iframe.
  await t.step('play', async () => {
    const iframe = page.getByTitle('Player: Harbour at dawn');
    await iframe.waitFor();
    const src = await iframe.getAttribute('src');
    if (!src.includes(`/embed/${video}`)) t.fail(`the player's iframe loads ${src}`);
    const frame = await (await iframe.elementHandle()).contentFrame();
    await frame.waitForFunction(() => {
      const v = document.querySelector('video');
      if (!v) return false;
      if (v.paused && v.readyState >= 1) { v.muted = true; v.play().catch(() => {}); }
      return v.currentTime > 0;
    }, null, { timeout: 45000, polling: 250 });
    t.values.playhead = await frame.evaluate(() => document.querySelector('video').currentTime);
  });

  // Details: title, a tag and a metadata key, saved, and still there after a reload.
  await t.step('details', async () => {
    await page.getByLabel('Title', { exact: true }).fill('Harbour at dawn, final cut');
    await page.getByLabel('Add a tag').fill('boats');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Add a key' }).click();
    await page.getByLabel('Key 1', { exact: true }).fill('client');
    await page.getByLabel('Value 1', { exact: true }).fill('Acme Ferries');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Video details saved').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Harbour at dawn, final cut', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Remove tag boats' }).waitFor();
    const value = await page.getByLabel('Value 1', { exact: true }).inputValue();
    if (value !== 'Acme Ferries') t.fail(`metadata client is ${value} after a reload`);
  });

  // An empty title is refused by the API, on its field.
  await page.getByLabel('Title', { exact: true }).fill('');
  await page.getByLabel('Title', { exact: true }).evaluate((el) => el.removeAttribute('required'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.video-details input[name="title"][aria-invalid="true"]').waitFor();
  t.values.emptyTitleError = await page.locator('.video-details .field .error-text').first().textContent();
  await page.getByRole('button', { name: 'Discard changes' }).click();

  // Automatic captions: requested, listed with their status until they end
  // (before the upload below, which replaces the track they make).
  await t.step('generate', async () => {
    await page.getByText('This deployment transcribes speech with').waitFor();
    await page.getByLabel('Spoken language (BCP 47, e.g. en)').fill('en');
    await page.getByRole('button', { name: 'Generate captions' }).click();
    await page.getByText('Automatic captions (en) requested').waitFor();
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Caption generations' }) });
    await table.locator('.badge').first().waitFor();
    await table.locator('.badge.ready, .badge.failed, .badge.canceled').first().waitFor({ timeout: 90000 });
    t.values.generation = (await table.locator('tbody tr').first().locator('td').nth(2).textContent()).trim();
  });

  // A WebVTT file becomes the English caption; its text is corrected.
  await t.step('captions', async () => {
    await page.getByLabel('Caption file (WebVTT or SRT, at most 1 MiB)').setInputFiles(captionFile);
    await page.getByLabel('Language (BCP 47, e.g. en, fr-CA)').fill('en');
    await page.getByLabel('Label (optional)').fill('English');
    await page.getByRole('button', { name: 'Upload caption' }).click();
    await page.getByRole('button', { name: 'Edit text of caption en' }).waitFor();
    await page.getByRole('button', { name: 'Edit text of caption en' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit caption en' });
    const text = dialog.getByLabel('WebVTT text');
    await text.waitFor();
    const before = await text.inputValue();
    if (!before.includes('Boats leave the harbour.')) t.fail(`the caption's text is ${before}`);
    await text.fill(before.replace('The gulls follow them.', 'The gulls follow them home.'));
    await dialog.getByRole('button', { name: 'Save caption' }).click();
    await page.getByText('Caption en saved').waitFor();
    const data = await t.gql(`query($v: ID!) { videoCaptions(videoID: $v) { language label text editedAt } }`, { v: video });
    const en = data.videoCaptions.find((c) => c.language === 'en');
    if (!en || !en.text.includes('The gulls follow them home.')) t.fail(`the saved caption is ${JSON.stringify(en)}`);
  });

  // Two chapters.
  await t.step('chapters', async () => {
    for (const [start, title] of [['0:00', 'Leaving port'], ['0:04', 'Open water']]) {
      await page.getByLabel('Start time (m:ss)').fill(start);
      await page.getByLabel('Chapter title').fill(title);
      await page.getByRole('button', { name: 'Add chapter' }).click();
      await page.getByRole('cell', { name: title, exact: true }).waitFor();
    }
    // The second one edited in place.
    await page.getByRole('button', { name: 'Edit chapter Open water' }).click();
    const row = page.locator('form', { has: page.getByRole('button', { name: 'Save chapter' }) });
    await row.getByLabel('Start', { exact: true }).fill('0:05');
    await row.getByLabel('Title', { exact: true }).fill('Open sea');
    await row.getByRole('button', { name: 'Save chapter' }).click();
    await page.getByRole('cell', { name: 'Open sea', exact: true }).waitFor();
    const data = await t.gql(`query($v: ID!) { videoChapters(videoID: $v) { title startSeconds } }`, { v: video });
    const got = data.videoChapters.map((c) => `${c.startSeconds} ${c.title}`).join(', ');
    if (got !== '0 Leaving port, 5 Open sea') t.fail(`chapters: ${got}`);
    // A WebVTT chapters file replaces the list; the list downloads as WebVTT.
    const file = join(mkdtempSync(join(tmpdir(), 'chapters-')), 'chapters.vtt');
    writeFileSync(file, 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.000\nIntro\n\n2\n00:00:03.000 --> 00:00:06.500\nThe harbour\n\n00:00:06.500 --> 00:00:08.000\nCredits\n');
    await page.getByLabel('Import a WebVTT chapters file (replaces the list)').setInputFiles(file);
    await page.getByText('3 chapters imported from chapters.vtt').waitFor();
    const imported = await t.gql(`query($v: ID!) { videoChapters(videoID: $v) { title startSeconds } }`, { v: video });
    const gotImported = imported.videoChapters.map((c) => `${c.startSeconds} ${c.title}`).join(', ');
    if (gotImported !== '0 Intro, 3 The harbour, 6.5 Credits') t.fail(`imported chapters: ${gotImported}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as WebVTT' }).click()]);
    const vtt = readFileSync(await download.path(), 'utf8');
    if (!vtt.startsWith('WEBVTT') || !vtt.includes('The harbour')) t.fail(`downloaded chapters: ${vtt}`);
  });

  // The embed code, copied.
  await page.getByRole('button', { name: 'Copy Embed code' }).click();
  await page.getByText('Embed code copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  if (!copied.includes('<iframe') || !copied.includes(`/embed/${video}`)) t.fail(`copied embed code: ${copied}`);
  t.values.embedCode = copied;
  const oembed = await page.getByLabel('oEmbed', { exact: true }).inputValue();
  const res = await fetch(oembed);
  if (!res.ok) t.fail(`oEmbed link ${oembed} answered ${res.status}`);

  // An MP4 download, requested and listed with its link once ready.
  await t.step('download', async () => {
    await page.getByRole('button', { name: 'Request download' }).click();
    await page.getByText('Download highest requested').waitFor();
    const link = page.locator('.video-section a[download]').first();
    await link.waitFor({ timeout: 90000 });
    const href = await link.getAttribute('href');
    const file = await fetch(new URL(href, t.base));
    if (!file.ok) t.fail(`the download ${href} answered ${file.status}`);
    t.values.downloadBytes = (await file.arrayBuffer()).byteLength;
  });

  await t.axe('video');
  await page.locator('.toast').first().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await t.shot('video');
  await page.getByRole('heading', { name: 'Captions', level: 2 }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -16));
  await t.shot('video-captions');
  await page.getByRole('heading', { name: 'Renditions and downloads', level: 2 }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -16));
  await t.shot('video-downloads');

  // Deleted, after a confirmation, and back to the library.
  await page.getByRole('button', { name: 'Delete video' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete video' });
  await confirm.getByText('This cannot be undone').waitFor();
  await t.axe('video-delete');
  await confirm.getByRole('button', { name: 'Delete video' }).click();
  await page.waitForURL(new RegExp(`/studio/projects/${project}/videos$`));
}
