// upload.mjs: a user uploads a clip on the Upload screen (the file input, as
// the keyboard does), pauses and resumes it, reloads the page midway, chooses
// the same file again and sees it go on from what the server has; follows its
// processing live until ready and opens the video. A second file dropped on
// the drop zone uploads while the user visits another screen and comes back.
// Cancel stops a third upload and deletes its video.
// The Go test (TestStudioUpload) sends upload bytes through a slow link and
// passes the files in t.env.clip and t.env.second.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';

export default async function (t) {
  const { page } = t;
  const clip = t.env.clip;
  const size = statSync(clip).size;
  const name = basename(clip);
  const stem = name.replace(/\.[^.]+$/, '');

  await t.register('Uma Uploader');
  const { createProject } = await t.gql(
    'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }', { input: { name: 'Uploads' } });
  const project = createProject.id;
  await page.goto(t.url(`/studio/projects/${project}/upload`));
  await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor();
  await t.axe('upload-empty');
  // A slow uplink (192 KiB/s, Chromium's own throttling of request bodies), so
  // the upload takes seconds and its progress is what the server receives.
  const cdp = await t.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 192 * 1024,
  });

  // The file input (the keyboard's way) starts the upload; it shows its progress.
  await page.getByLabel('Choose video files').setInputFiles(clip);
  const bar = page.getByRole('progressbar', { name: `Upload of ${name}` });
  const sent = async () => Number(await bar.getAttribute('aria-valuenow'));
  const reach = (pct) => page.waitForFunction(([label, p]) => {
    const el = document.querySelector(`[role=progressbar][aria-label="${label}"]`);
    return el && Number(el.getAttribute('aria-valuenow')) >= p;
  }, [`Upload of ${name}`, pct], { timeout: 60000 });
  await t.step('first 20%', () => reach(20));
  await page.getByText(/\d+(\.\d)? [KMG]?B\/s/).first().waitFor();
  await t.axe('upload');
  await t.shot('upload');

  // Pause stops the bytes; Resume goes on from there.
  await page.getByRole('button', { name: `Pause the upload of ${name}` }).click();
  await page.getByText('Paused', { exact: true }).waitFor();
  const paused = await sent();
  await page.waitForTimeout(1500);
  if ((await sent()) !== paused) t.fail(`the upload went on while paused: ${paused}% then ${await sent()}%`);
  await page.getByRole('button', { name: `Resume the upload of ${name}` }).click();
  await reach(Math.min(paused + 10, 60));

  // A reload midway: the screen lists the unfinished upload.
  await page.reload();
  const again = page.getByRole('button', { name: `Resume: choose ${name} again` });
  await again.waitFor();
  // What the server has (a tus HEAD on the URL tus-js-client kept).
  const uploadURL = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith('tus::')) return JSON.parse(localStorage.getItem(k)).uploadUrl;
    }
    return '';
  });
  if (!uploadURL) t.fail('tus-js-client kept no upload URL');
  let offset = -1;
  for (let i = 0; i < 50 && offset < 0; i++) {
    const res = await fetch(uploadURL, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    if (res.ok) offset = Number(res.headers.get('Upload-Offset'));
    else await new Promise((r) => setTimeout(r, 200));
  }
  if (!(offset > 0 && offset < size)) t.fail(`the server has ${offset} of ${size} bytes after the reload`);
  t.values.offsetAtReload = offset;
  await page.getByText(/% on the server/).waitFor();
  await t.axe('upload-resume');
  await t.shot('upload-resume');

  // Choosing the same file again goes on from the server's offset.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), again.click()]);
  await chooser.setFiles(clip);
  const resumed = page.getByText(/^Resumed at \d+%/);
  await resumed.waitFor();
  const at = Number((await resumed.textContent()).match(/Resumed at (\d+)%/)[1]);
  if (at !== Math.floor((offset * 100) / size)) t.fail(`resumed at ${at}%, the server had ${offset} of ${size} bytes`);
  await again.waitFor({ state: 'detached', timeout: 10000 }).catch(() => t.fail('the resumed upload is still listed as unfinished'));

  // The bytes in, processing is followed live until the video is ready.
  const open = page.getByRole('link', { name: `Open ${stem}` });
  await t.step('ready', () => open.waitFor({ timeout: 150000 }));
  const href = await open.getAttribute('href');
  const videoID = href.split('/').pop();
  t.values.clipVideo = videoID;
  const { video } = await t.gql('query($id: ID!) { video(id: $id) { status size } }', { id: videoID });
  if (video.status !== 'ready' || video.size !== size) t.fail(`the video is ${video.status} with ${video.size} bytes, want ready with ${size}`);
  await t.axe('upload-ready');
  await t.shot('upload-ready');

  // A second file dropped on the drop zone uploads too, and keeps going while
  // the user visits another screen of the console.
  const second = t.env.second;
  const secondName = basename(second);
  const secondStem = secondName.replace(/\.[^.]+$/, '');
  await page.evaluate(([b64, fileName]) => {
    const bin = atob(b64);
    const data = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([data], fileName, { type: 'video/mp4', lastModified: Date.now() }));
    const zone = document.querySelector('.upload-drop');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, [readFileSync(second).toString('base64'), secondName]);
  await page.getByRole('heading', { name: secondName, level: 3 }).waitFor();
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Library' }).click();
  await page.waitForURL(/\/videos$/);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Upload' }).click();
  await page.getByRole('heading', { name: secondName, level: 3 }).waitFor();
  const openSecond = page.getByRole('link', { name: `Open ${secondStem}` });
  await t.step('second ready', () => openSecond.waitFor({ timeout: 150000 }));
  t.values.secondVideo = (await openSecond.getAttribute('href')).split('/').pop();

  // Cancel stops an upload and deletes the video it was to become.
  await page.getByLabel('Choose video files').setInputFiles(clip);
  await page.getByRole('button', { name: `Cancel the upload of ${name}` }).waitFor();
  await reach(5);
  const canceled = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith('vidra.studio.upload:')) return JSON.parse(localStorage.getItem(k)).videoID;
    }
    return '';
  });
  if (!canceled) t.fail('no record of the upload in progress');
  await page.getByRole('button', { name: `Cancel the upload of ${name}` }).click();
  await t.step('cancel', () => page.getByText(`Upload of ${name} canceled; its video is deleted`).waitFor());
  const gone = await t.gql('query($id: ID!) { video(id: $id) { id } }', { id: canceled }).then(() => false, (e) => /not found/i.test(e.message));
  if (!gone) t.fail(`the canceled upload's video ${canceled} is still there`);

  // The link opens the video's page.
  await open.click();
  await page.waitForURL(new RegExp(`/studio/projects/${project}/videos/${videoID}$`));
}
