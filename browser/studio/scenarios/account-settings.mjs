// account-settings.mjs: the account screens. A new owner changes their name,
// avatar and password (then signs in again with it), sees a second sign-in
// from another browser in their sessions and signs it out; sets automatic
// captions, a playback rule, an advertisement, a player and an encoding profile on a
// project; subscribes the organization to a plan, upgrades it (prorated),
// sees its usage bars and invoices and downloads an invoice's PDF.
// The Go test (TestStudioAccountSettings) creates the plans Starter and Pro.

// A 1×1 PNG, the avatar uploaded.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function signIn(page, t, email, password) {
  await page.goto(t.url('/studio/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
}

// Takes the screen's screenshot from its top, once the toasts are gone.
async function shot(t, name) {
  await t.page.evaluate(() => scrollTo(0, 0));
  await t.page.waitForFunction(() => !document.querySelector('.toast'), null, { timeout: 10000 });
  await t.shot(name);
}

async function profile(t, email, password) {
  const { page } = t;
  await page.goto(t.url('/studio/profile'));
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByText('Not verified').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('status').getByText('Name saved').waitFor();
  const me = await t.gql('{ profile { name avatarURL } }');
  if (me.profile.name !== 'Ada Lovelace') t.fail(`name not saved: ${me.profile.name}`);

  await page.getByLabel(/^Image/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await page.getByRole('img', { name: 'Avatar of Ada Lovelace' }).waitFor();
  const after = await t.gql('{ profile { avatarURL } }');
  if (!after.profile.avatarURL.includes('/v1/avatars/')) t.fail(`avatar not stored: ${after.profile.avatarURL}`);

  const newPassword = 'a whole new passphrase 2024 ok';
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('status').getByText('Password changed').waitFor();

  // Sign out, then in with the new password.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in to Vidra Studio' }).waitFor();
  await signIn(page, t, email, newPassword);

  // A second browser signs in: two sessions, this one marked; the other is signed out from here.
  const other = await t.browser.newContext();
  const page2 = await other.newPage();
  await signIn(page2, t, email, newPassword);
  await page.goto(t.url('/studio/profile'));
  const rows = page.getByRole('table', { name: /Your sessions/ }).locator('tbody tr');
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
  await rows.filter({ hasText: 'This device' }).waitFor();
  await t.axe('profile');
  await shot(t, 'profile');
  await page.getByRole('button', { name: /^Sign out .* at / }).click();
  await page.getByRole('status').getByText(/^Signed out/).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
  // The other browser is signed out at its next request.
  await page2.reload();
  await page2.getByRole('heading', { name: 'Sign in to Vidra Studio' }).waitFor();
  await other.close();
  return newPassword;
}

async function settings(t, projectID) {
  const { page } = t;
  await page.goto(t.url(`/studio/projects/${projectID}/settings`));
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  const { service } = await t.gql('{ service { captionEngine } }');
  if (service.captionEngine === 'off') await page.getByText('Automatic captions are off on this server').waitFor();
  else await page.getByText(`Caption engine of this server: ${service.captionEngine}`).waitFor();
  const language = page.getByLabel(/^Caption language/);
  await language.fill('en');
  await page.getByRole('button', { name: 'Save captions' }).click();
  await page.getByRole('status').getByText('Automatic captions in en saved').waitFor();
  await page.reload();
  await page.getByText('Every video that becomes ready gets captions in en.').waitFor();
  if (await page.getByLabel(/^Caption language/).inputValue() !== 'en') t.fail('the caption language was not kept');

  // A playback rule: embedding only on example.com.
  await page.getByText('No rules yet').waitFor();
  await page.getByLabel('Domains allowed to embed the player').fill('example.com\n*.example.org');
  await page.getByRole('button', { name: 'Save playback rules' }).click();
  await page.getByText(/^Rules saved/).waitFor();
  const ac = await t.gql('query($p: ID!) { accessControl(projectID: $p) { allowedDomains } }', { p: projectID });
  if (ac.accessControl?.allowedDomains.join() !== 'example.com,*.example.org') t.fail(`rule not saved: ${JSON.stringify(ac)}`);

  // An advertisement.
  await page.getByRole('button', { name: 'New advertisement' }).click();
  const adDialog = page.getByRole('dialog', { name: 'New advertisement' });
  await adDialog.getByLabel('Advertisement name').fill('Launch pre-roll');
  await adDialog.getByLabel('VAST tag URL').fill('https://ads.example.com/vast.xml');
  await adDialog.getByRole('button', { name: 'Save advertisement' }).click();
  await page.getByRole('cell', { name: 'Launch pre-roll', exact: true }).waitFor();

  // A player that starts muted on autoplay.
  await page.getByRole('button', { name: 'New player' }).click();
  const playerDialog = page.getByRole('dialog', { name: 'New player' });
  await playerDialog.getByLabel('Player name').fill('Homepage');
  await playerDialog.getByLabel('Autoplay').check();
  await playerDialog.getByLabel('Start muted').check();
  await playerDialog.getByRole('button', { name: 'Save player' }).click();
  await page.getByRole('button', { name: 'Edit Homepage' }).waitFor();
  const pl = await t.gql('query($p: ID!) { players(projectID: $p) { name autoplay muted controls } }', { p: projectID });
  const hp = pl.players.find((x) => x.name === 'Homepage');
  if (!hp || !hp.autoplay || !hp.muted || !hp.controls) t.fail(`player not saved as set: ${JSON.stringify(pl)}`);

  // The ladder, then a profile of two rungs made the default.
  const ladder = page.getByRole('table', { name: /Ladder of new videos: the built-in ladder/ });
  await ladder.getByRole('cell', { name: '1080p', exact: true }).waitFor();
  await page.getByRole('button', { name: 'New encoding profile' }).click();
  const encDialog = page.getByRole('dialog', { name: 'New encoding profile' });
  await encDialog.getByLabel('Profile name').fill('Small');
  await encDialog.getByRole('button', { name: 'Remove rendition 4' }).click();
  await encDialog.getByRole('button', { name: 'Remove rendition 3' }).click();
  await encDialog.getByRole('button', { name: 'Save profile' }).click();
  await page.getByRole('button', { name: 'Make default: Small' }).click();
  const small = page.getByRole('table', { name: 'Ladder of new videos: profile Small' });
  await small.getByRole('cell', { name: '480p', exact: true }).waitFor();
  if (await small.locator('tbody tr').count() !== 2) t.fail('the default profile should have two rungs');
  await t.axe('settings');
  await shot(t, 'settings');
}

async function billing(t) {
  const { page } = t;
  await page.goto(t.url('/studio/organization/billing'));
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  await page.getByText('This organization has no subscription yet').waitFor();
  await page.getByText('No invoice yet.').waitFor();

  await page.getByRole('button', { name: 'Choose Starter' }).click();
  const d1 = page.getByRole('dialog', { name: 'Change to Starter' });
  await d1.getByText('Starter starts now').waitFor();
  await d1.getByRole('button', { name: 'Confirm and subscribe' }).click();
  await page.getByRole('heading', { name: 'Current plan: Starter' }).waitFor();
  await page.getByRole('progressbar', { name: 'Delivered data' }).waitFor();

  // The upgrade shows its proration before it is confirmed.
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  const d2 = page.getByRole('dialog', { name: 'Change to Pro' });
  await d2.getByText('Credit for the unused part of your plan').waitFor();
  await d2.getByRole('button', { name: 'Confirm and subscribe' }).click();
  await page.getByRole('heading', { name: 'Current plan: Pro' }).waitFor();
  const sub = await t.gql('{ subscription { subscription { planCode status } } }');
  if (sub.subscription.subscription.planCode !== 'pro') t.fail(`not upgraded: ${JSON.stringify(sub)}`);
  const bars = await page.getByRole('progressbar').count();
  if (bars < 2) t.fail(`want a usage bar per limited metric, got ${bars}`);

  // Invoices: the first period of Starter and the upgrade, each with its PDF.
  const invoices = page.getByRole('table', { name: /Invoices/ });
  await invoices.getByRole('cell', { name: 'INV-000001', exact: true }).waitFor();
  await invoices.getByRole('cell', { name: 'INV-000002', exact: true }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF of INV-000001' }).click(),
  ]);
  if (download.suggestedFilename() !== 'INV-000001.pdf') t.fail(`download named ${download.suggestedFilename()}`);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  if (!readFileSync(path).subarray(0, 5).equals(Buffer.from('%PDF-'))) t.fail('the download is not a PDF');
  await t.axe('billing');
  await shot(t, 'billing');
}

export default async function (t) {
  const { email, password } = await t.step('register', () => t.register('Ada Owner'));
  const { createProject } = await t.gql('mutation($in: CreateProjectInput!) { createProject(input: $in) { id } }', { in: { name: 'Launch films' } });
  await t.step('profile', () => profile(t, email, password));
  await t.step('settings', () => settings(t, createProject.id));
  await t.step('billing', () => billing(t));
}
