// library.mjs: the Library screen end to end. A new user creates a project; the
// API (t.gql) adds folders, a tag and 61 videos; then, in the console: paging
// (50 a page), search (kept in the URL across a reload), a status filter, sort
// by title, a tag filter, a new tag added to a video, a new folder, two videos
// moved into it with the Move dialog driven by the keyboard, a video and a
// folder dragged onto folders, a folder renamed, a video deleted in bulk. Each
// result is checked on the screen and through the API.
export default async function (t) {
  const { page } = t;
  await t.register('Lib Rarian');
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Film library');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/studio\/projects\/[^/]+\/videos$/);
  const projectID = page.url().match(/projects\/([^/]+)\/videos/)[1];
  await page.getByText('This project has no video yet.').waitFor();
  await t.axe('library-empty');

  // Setup through the API: 55 videos in one request, then named ones (newest, so on page 1).
  const ids = await t.step('setup', async () => {
    const folder = async (name, parentID) => (await t.gql(
      'mutation($i: CreateFolderInput!) { createFolder(input: $i) { id } }', { i: { name, projectID, parentID } })).createFolder.id;
    const interviews = await folder('Interviews');
    const trailers = await folder('Trailers');
    const featured = (await t.gql('mutation($i: CreateTagInput!) { createTag(input: $i) { id } }',
      { i: { name: 'Featured', projectID } })).createTag.id;
    const bulk = Array.from({ length: 55 }, (_, i) =>
      `v${i}: createVideo(input: { title: "Bulk clip ${String(i + 1).padStart(2, '0')}", projectID: $p }) { id }`);
    await t.gql(`mutation($p: ID!) { ${bulk.join('\n')} }`, { p: projectID });
    const video = async (title, extra = {}) => (await t.gql(
      'mutation($i: CreateVideoInput!) { createVideo(input: $i) { id } }', { i: { title, projectID, ...extra } })).createVideo.id;
    const alpha = await video('Alpha interview', { folderID: interviews, tagIDs: [featured] });
    const bravo = await video('Bravo trailer', { folderID: trailers });
    const charlie = await video('Charlie keynote', { tagIDs: [featured] });
    const delta = await video('Delta demo');
    const echo = await video('Echo teaser');
    // A clip of a video without a source waits in status uploading: a second status to filter on.
    const foxtrot = (await t.gql('mutation($v: ID!) { createClip(videoID: $v, start: 0, end: 5, title: "Foxtrot clip") { id status } }',
      { v: delta })).createClip;
    if (foxtrot.status !== 'uploading') t.fail(`the clip is ${foxtrot.status}, not uploading`);
    return { interviews, trailers, featured, alpha, bravo, charlie, delta, echo, foxtrot: foxtrot.id };
  });

  const rows = () => page.locator('.library-table tbody tr');
  const titles = () => page.locator('.library-table tbody tr td:nth-child(3) > a').allTextContents();
  const waitRows = (n) => page.waitForFunction((n) => document.querySelectorAll('.library-table tbody tr').length === n, n);
  const waitTitles = (expected) => page.waitForFunction((expected) => {
    const got = [...document.querySelectorAll('.library-table tbody tr td:nth-child(3) > a')].map((a) => a.textContent);
    return JSON.stringify(got) === JSON.stringify(expected);
  }, expected);
  const videosWhere = async (where) => (await t.gql(
    'query($w: VideoWhereInput) { videos(first: 100, where: $w, orderBy: { field: TITLE }) { totalCount edges { node { id title folderID } } } }',
    { w: { projectID, ...where } })).videos;

  // Paging: 61 videos, 50 a page.
  await t.step('paging', async () => {
    await page.reload();
    await waitRows(50);
    await page.getByText('1–50 of 61').waitFor();
    await t.axe('library');
    await t.shot('library');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('51–61 of 61').waitFor();
    await waitRows(11);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText('1–50 of 61').waitFor();
    await waitRows(50);
  });

  // Search narrows the list; the URL keeps it across a reload.
  await t.step('search', async () => {
    await page.getByLabel('Search titles').fill('TRAILER');
    await waitTitles(['Bravo trailer']);
    if (!page.url().includes('q=TRAILER')) t.fail(`the search is not in the URL: ${page.url()}`);
    await page.reload();
    await waitTitles(['Bravo trailer']);
    if (await page.getByLabel('Search titles').inputValue() !== 'TRAILER') t.fail('the search box lost its text on reload');
    await page.getByLabel('Search titles').fill('');
    await waitRows(50);
  });

  // Status and tag filters, sort by title.
  await t.step('filters', async () => {
    await page.getByLabel('Status', { exact: true }).selectOption('uploading');
    await waitTitles(['Foxtrot clip']);
    await page.getByLabel('Status', { exact: true }).selectOption('ready');
    await page.getByText('No video matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitRows(50);
    await page.getByLabel('Sort by').selectOption('TITLE:ASC');
    await page.waitForFunction(() => document.querySelector('.library-table tbody tr td:nth-child(3) > a')?.textContent === 'Alpha interview');
    const asc = await titles();
    if (asc.slice(0, 3).join('|') !== 'Alpha interview|Bravo trailer|Bulk clip 01') t.fail(`title order: ${asc.slice(0, 3)}`);
    await page.getByLabel('Sort by').selectOption('TITLE:DESC');
    await page.waitForFunction(() => document.querySelector('.library-table tbody tr td:nth-child(3) > a')?.textContent === 'Foxtrot clip');
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Featured' });
    await waitTitles(['Charlie keynote', 'Alpha interview']);
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Any tag' });
    await page.getByLabel('Sort by').selectOption('CREATED_AT:DESC');
    await page.waitForFunction(() => document.querySelector('.library-table tbody tr td:nth-child(3) > a')?.textContent === 'Foxtrot clip');
    await waitRows(50);
  });

  // A new tag, added to a video with the bulk action.
  await t.step('tag', async () => {
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByRole('dialog').getByLabel('Tag name').fill('Keynotes');
    await page.getByRole('dialog').getByRole('button', { name: 'Create tag' }).click();
    await page.getByText('Tag Keynotes created').waitFor();
    await page.getByRole('checkbox', { name: 'Charlie keynote' }).check();
    await page.getByRole('button', { name: 'Add tag…' }).click();
    await page.getByRole('dialog').getByLabel('Tag', { exact: true }).selectOption({ label: 'Keynotes' });
    await page.getByRole('dialog').getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('row', { name: /Charlie keynote/ }).getByText('Keynotes').waitFor();
    const tagged = await videosWhere({ hasTagsWith: [{ name: 'Keynotes' }] });
    if (tagged.edges.map((e) => e.node.title).join() !== 'Charlie keynote') t.fail(`tagged Keynotes: ${JSON.stringify(tagged)}`);
  });

  // A folder made in the console; two videos moved into it with the keyboard.
  const highlights = await t.step('move dialog', async () => {
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Highlights');
    await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('button', { name: 'Highlights', exact: true }).waitFor();
    const tree = (await t.gql('query($p: ID!) { folderTree(projectID: $p) { id name parentID } }', { p: projectID })).folderTree;
    const made = tree.find((f) => f.name === 'Highlights');
    if (!made || made.parentID) t.fail(`folder tree: ${JSON.stringify(tree)}`);

    for (const title of ['Charlie keynote', 'Delta demo']) {
      await page.getByRole('checkbox', { name: title }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Move to folder…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move 2 videos to a folder' });
    await dialog.waitFor();
    await dialog.getByLabel('Destination folder').focus();
    await dialog.getByLabel('Destination folder').selectOption({ label: 'Highlights' });
    await t.axe('library-move');
    await t.shot('library-move');
    await dialog.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('2 videos moved to Highlights').waitFor();
    await page.getByRole('button', { name: 'Highlights', exact: true }).click();
    await waitTitles(['Delta demo', 'Charlie keynote']);
    const inside = await videosWhere({ folderID: made.id });
    if (inside.edges.map((e) => e.node.title).join() !== 'Charlie keynote,Delta demo') t.fail(`in Highlights: ${JSON.stringify(inside)}`);
    return made.id;
  });

  // Drag a video row onto a folder, then a folder onto another.
  await t.step('drag', async () => {
    await page.getByRole('button', { name: 'All videos' }).click();
    await waitRows(50);
    await page.getByRole('row', { name: /Echo teaser/ }).dragTo(page.locator('.folder-entry', { hasText: 'Trailers' }));
    await page.getByText('1 video moved to Trailers').waitFor();
    await page.getByRole('button', { name: 'Trailers', exact: true }).click();
    await waitTitles(['Echo teaser', 'Bravo trailer']);
    const echo = await videosWhere({ id: ids.echo });
    if (echo.edges[0].node.folderID !== ids.trailers) t.fail(`Echo teaser is in ${echo.edges[0].node.folderID}`);

    await page.locator('.folder-entry', { hasText: 'Highlights' }).dragTo(page.locator('.folder-entry', { hasText: 'Interviews' }));
    await page.getByText('Folder Highlights moved to Interviews').waitFor();
    await page.locator('.folder-entry[data-depth="2"]', { hasText: 'Highlights' }).waitFor();
    const tree = (await t.gql('query($p: ID!) { folderTree(projectID: $p) { id parentID } }', { p: projectID })).folderTree;
    if (tree.find((f) => f.id === highlights)?.parentID !== ids.interviews) t.fail(`Highlights not under Interviews: ${JSON.stringify(tree)}`);
  });

  // Rename a folder from the panel.
  await t.step('rename', async () => {
    await page.getByRole('button', { name: 'Highlights', exact: true }).click();
    await page.getByRole('button', { name: 'Rename folder Highlights' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Best of');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('button', { name: 'Best of', exact: true }).waitFor();
    const f = (await t.gql('query($id: ID!) { folder(id: $id) { name } }', { id: highlights })).folder;
    if (f.name !== 'Best of') t.fail(`folder name: ${f.name}`);
    // The API refuses a folder moved into its own subfolder; the screen shows its answer.
    await page.locator('.folder-entry', { hasText: 'Interviews' }).dragTo(page.locator('.folder-entry', { hasText: 'Best of' }));
    await page.getByRole('alert').waitFor();
    t.values.moveIntoChildError = await page.getByRole('alert').textContent();
  });

  // Delete a folder: its videos go to its parent.
  await t.step('delete folder', async () => {
    await page.getByRole('button', { name: 'Best of', exact: true }).click();
    await page.getByRole('button', { name: 'Delete folder Best of' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete folder Best of' });
    await dialog.getByText('Best of holds 2 videos and 0 subfolders.').waitFor();
    await dialog.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByText('Folder Best of deleted').waitFor();
    await page.locator('.folder-button[aria-current="true"]', { hasText: 'All videos' }).waitFor();
    // The tree is read again after the delete: the folder leaves it.
    await page.getByRole('button', { name: 'Best of', exact: true }).waitFor({ state: 'detached', timeout: 10000 })
      .catch(() => t.fail('Best of is still in the tree'));
    const moved = await videosWhere({ folderID: ids.interviews });
    const names = moved.edges.map((e) => e.node.title).join();
    if (names !== 'Alpha interview,Charlie keynote,Delta demo') t.fail(`in Interviews after the delete: ${names}`);
  });

  // Delete a video with the bulk action and its confirmation.
  await t.step('delete', async () => {
    await page.getByRole('button', { name: 'All videos' }).click();
    await page.getByLabel('Search titles').fill('Bulk clip 07');
    await waitTitles(['Bulk clip 07']);
    await page.getByRole('checkbox', { name: 'Bulk clip 07' }).check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 video' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await t.axe('library-delete');
    await dialog.getByRole('button', { name: 'Delete 1 video' }).click();
    await page.getByText('No video matches these filters.').waitFor();
    const left = await videosWhere({ title: 'Bulk clip 07' });
    if (left.totalCount !== 0) t.fail(`Bulk clip 07 still listed by the API: ${JSON.stringify(left)}`);
    await page.getByLabel('Search titles').fill('');
    await waitRows(50);
    await page.getByText('1–50 of 60').waitFor();
  });
}
