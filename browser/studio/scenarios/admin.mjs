// admin.mjs: the organization's administration, as an owner would do it:
// a webhook endpoint to a loopback receiver (t.env.receiver) whose delivery
// appears live, opened, resent, and its secret rotated; an API key whose secret
// (shown once) works from outside the browser until it is revoked; an
// invitation whose mailed link a new user opens in a fresh browser, registers
// and accepts; their role changed; all of it read in the audit log.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Polls fn until it returns a truthy value (or fails after ms). */
async function until(what, fn, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the webhook receiver got so far: [{id, type}]. */
async function receiverLog(t) {
  const res = await fetch(t.env.receiver + '/log');
  return res.json();
}

/** A GraphQL request sent with an API key, from outside any browser. */
async function withKey(t, key, query) {
  const res = await fetch(t.base + '/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: await res.json() };
}

export default async function (t) {
  const { page } = t;
  const owner = await t.step('register', () => t.register('Olive Owner'));
  const { createProject: project } = await t.gql(
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id name } }', { input: { name: 'Hooks lab' } });
  const hooks = t.env.receiver + '/hooks';

  // The delivery feed's subscription is registered before an event is caused.
  let subscribed = false;
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    if (String(f.payload).includes('"subscribe"') && String(f.payload).includes('WebhookDeliveryUpdated')) subscribed = true;
  }));

  await t.step('webhook endpoint', async () => {
    await page.goto(t.url(`/studio/projects/${project.id}/webhooks`));
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoint yet').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    await form.getByLabel('URL').fill(hooks);
    await form.getByLabel('Description').fill('Loopback receiver');
    await form.getByLabel('Only these:').check();
    await form.getByRole('checkbox', { name: /video\.created/ }).check();
    await form.getByRole('checkbox', { name: /video\.deleted/ }).check();
    await t.axe('webhook-endpoint-form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await shown.getByText('you will not see it again').waitFor();
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    if (!secret.startsWith('whsec_')) t.fail(`the signing secret shown is ${secret}`);
    await t.axe('webhook-secret');
    t.values.firstSecret = secret.slice(0, 10);
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    await page.getByRole('cell', { name: /video\.(created|deleted), video\.(created|deleted)/ }).waitFor();
  });

  await t.step('live delivery', async () => {
    await page.getByRole('link', { name: `Deliveries to ${hooks}` }).click();
    await page.getByText('No delivery yet').waitFor();
    await until('the delivery subscription', () => subscribed);
    await page.waitForTimeout(500);
    await t.gql('mutation ($input: CreateVideoInput!) { createVideo(input: $input) { id } }',
      { input: { title: 'A hooked video', projectID: project.id } });
    // No reload: the row arrives through webhookDeliveryUpdated, then turns succeeded.
    const row = page.getByRole('region', { name: /^Deliveries to/ }).getByRole('row', { name: /video\.created/ });
    await row.waitFor();
    await row.getByText('succeeded').waitFor();
    const got = await receiverLog(t);
    if (got.length !== 1 || got[0].type !== 'video.created') t.fail(`the receiver got ${JSON.stringify(got)}`);
  });
  await t.axe('webhooks');
  await t.shot('webhooks');

  await t.step('delivery detail and resend', async () => {
    await page.getByRole('region', { name: /^Deliveries to/ }).getByRole('link', { name: 'video.created' }).click();
    await page.getByRole('heading', { name: 'Webhook delivery', level: 1 }).waitFor();
    const body = await page.getByLabel('Request body').textContent();
    if (!body.includes('"type": "video.created"') || !body.includes('A hooked video')) t.fail(`request body: ${body}`);
    const headers = await page.getByLabel('Request headers').textContent();
    const first = (await receiverLog(t))[0];
    if (!headers.includes(`webhook-id: ${first.id}`)) t.fail(`request headers ${headers} lack the webhook-id the receiver got (${first.id})`);
    await page.getByLabel('Response body of attempt 1').getByText('{"received":true}').waitFor();
    await page.getByText('HTTP 200').first().waitFor();
    await t.axe('webhook-delivery');
    await t.shot('webhook-delivery');
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Queued again as a new delivery').waitFor();
    const again = await until('the resent delivery at the receiver', async () => {
      const log = await receiverLog(t);
      return log.length === 2 && log;
    });
    if (again[1].id !== first.id) t.fail(`the resent delivery has webhook-id ${again[1].id}, not ${first.id}`);
    await page.getByRole('link', { name: 'open it' }).click();
    await page.getByLabel('Response body of attempt 1').getByText('{"received":true}').waitFor();
    await page.getByRole('link', { name: 'Back to the deliveries' }).click();
    await until('two deliveries listed', async () => (await page.getByRole('region', { name: /^Deliveries to/ }).getByRole('row', { name: /video\.created/ }).count()) === 2);
  });

  await t.step('rotate secret', async () => {
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await shown.getByText('The previous secret also signs deliveries until').waitFor();
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    if (!secret.startsWith('whsec_') || secret.startsWith(t.values.firstSecret)) t.fail('rotation showed no new secret');
    await shown.getByRole('button', { name: 'I have kept it' }).click();
  });

  let key = '';
  await t.step('api key', async () => {
    await page.goto(t.url('/studio/organization/api-keys'));
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByText('No API key yet').waitFor();
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Name', { exact: true }).fill('Publishing server');
    await form.getByRole('checkbox', { name: /^Folders and videos.*: read$/ }).check();
    await form.getByRole('checkbox', { name: /^Project records.*: read$/ }).check();
    await t.axe('api-key-form');
    await t.shot('api-key-form');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('you will not see it again').waitFor();
    key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    if (!key.startsWith('vidra_')) t.fail(`the key shown is ${key}`);
    await t.axe('api-key-created');
    await t.shot('api-key-created');
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    await page.getByRole('row', { name: /Publishing server/ }).getByText(`…${key.slice(-4)}`).waitFor();
    await page.getByText('Every project: records read, folders read').waitFor();
  });

  await t.step('api key works', async () => {
    const r = await withKey(t, key, '{ apiKeyMiddlewareTest { apiKey { name } } videos(first: 5) { edges { node { title } } } }');
    if (r.body.errors) t.fail(`the new key is refused: ${JSON.stringify(r.body.errors)}`);
    if (r.body.data.apiKeyMiddlewareTest.apiKey.name !== 'Publishing server') t.fail(`the key acts as ${JSON.stringify(r.body.data)}`);
    if (!r.body.data.videos.edges.some((e) => e.node.title === 'A hooked video')) t.fail(`the key reads ${JSON.stringify(r.body.data.videos)}`);
    await page.reload();
    await page.getByRole('row', { name: /Publishing server/ }).waitFor();
    await t.axe('api-keys');
    await t.shot('api-keys');
  });

  await t.step('revoke api key', async () => {
    await page.getByRole('button', { name: 'Revoke Publishing server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the API key?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API key yet').waitFor();
    const r = await withKey(t, key, '{ apiKeyMiddlewareTest { apiKey { name } } }');
    const code = r.body.errors?.[0]?.extensions?.code;
    if (r.body.data?.apiKeyMiddlewareTest || code !== 'UNAUTHENTICATED') t.fail(`the revoked key still answers: ${r.status} ${JSON.stringify(r.body)}`);
  });

  const invitee = { name: 'Ivy Invitee', email: `invitee${Date.now()}@example.com`, password: 'another long passphrase 9' };
  await t.step('invite', async () => {
    await page.goto(t.url('/studio/organization/members'));
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const form = page.getByRole('dialog', { name: 'Invite someone' });
    await form.getByLabel('Email', { exact: true }).fill(invitee.email);
    await form.getByRole('checkbox', { name: /^Folders and videos.*: read$/ }).check();
    await t.axe('invite-form');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('region', { name: 'Pending invitations' }).getByRole('cell', { name: invitee.email, exact: true }).waitFor();
    await t.axe('members-invited');
  });

  await t.step('accept invitation', async () => {
    const mail = await t.mail(invitee.email);
    const link = (mail.text.match(/https?:\/\/\S+\/v1\/organization\/invitations\/[^\s/]+/) || [])[0];
    if (!link) t.fail(`no invitation link in the mail: ${mail.text}`);
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const p = await context.newPage();
      p.setDefaultTimeout(30000);
      const errors = [];
      p.on('pageerror', (e) => errors.push(String(e)));
      p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await p.goto(link);
      await p.waitForURL(/\/studio\/invitations\//);
      await p.getByRole('heading', { name: 'Invitation to Vidra', level: 1 }).waitFor();
      await p.getByText(`invites ${invitee.email} to join as member`).waitFor();
      await axeOn(t, p, 'invitation');
      await shotOf(t, p, 'invitation');
      await p.getByRole('link', { name: 'Create an account' }).click();
      await p.getByLabel('Name').fill(invitee.name);
      await p.getByLabel('Email').fill(invitee.email);
      await p.getByLabel('Password').fill(invitee.password);
      await p.getByRole('button', { name: 'Create account' }).click();
      // Back on the invitation, signed in now.
      await p.getByRole('button', { name: /^Accept and join / }).click();
      await p.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      await p.getByRole('link', { name: 'Hooks lab' }).waitFor();
      if (errors.length) t.fail(`the invitee's page logged errors: ${errors.join('\n')}`);
    } finally {
      await context.close();
    }
  });

  await t.step('members', async () => {
    await page.goto(t.url('/studio/organization/members'));
    const role = page.getByRole('combobox', { name: `Role of ${invitee.name}` });
    await role.waitFor();
    if (await role.inputValue() !== 'member') t.fail('the invitee did not join as a member');
    await page.getByRole('region', { name: 'Pending invitations' }).getByText('None').waitFor();
    // The member's permissions: the grid shows the grant of the invitation; one more is saved.
    await page.getByRole('button', { name: `Edit the permissions of ${invitee.name}` }).click();
    const grants = page.getByRole('dialog', { name: 'Member permissions' });
    if (!await grants.getByRole('checkbox', { name: /^Folders and videos.*: read$/ }).isChecked()) t.fail('the grid does not show the invitation grant');
    await grants.getByRole('checkbox', { name: 'Analytics: read' }).check();
    await t.axe('member-grants');
    await grants.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText(`${invitee.name}'s permissions saved`).waitFor();
    const granted = await t.gql('{ members(first: 10) { edges { node { permissions user { email } } } } }');
    const perms = JSON.stringify(granted.members.edges.find((e) => e.node.user.email === invitee.email)?.node.permissions);
    if (!perms.includes('analytics') || !perms.includes('folders')) t.fail(`the saved grants: ${perms}`);
    await role.selectOption('admin');
    await page.getByText(`${invitee.name} is now admin`).waitFor();
    const { members } = await t.gql('{ members(first: 10) { edges { node { role user { email } } } } }');
    if (members.edges.find((e) => e.node.user.email === invitee.email)?.node.role !== 'admin') t.fail('the role change did not reach the API');
    // The last owner may not step down: the API refuses and the screen says why.
    await page.getByRole('combobox', { name: 'Role of Olive Owner' }).selectOption('member');
    await page.getByRole('alert').filter({ hasText: /owner/i }).waitFor();
    if (await page.getByRole('combobox', { name: 'Role of Olive Owner' }).inputValue() !== 'owner') t.fail('the refused change shows as made');
    await t.axe('members');
    await t.shot('members');
  });

  await t.step('audit', async () => {
    await page.goto(t.url('/studio/organization/audit'));
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    for (const action of ['createWebhookEndpoint', 'rotateWebhookEndpointSecret', 'resendWebhookEvent', 'createApiKey', 'deleteApiKey', 'sendInvitation', 'updateMember']) {
      await page.getByRole('cell', { name: new RegExp(`^${action}\\b`) }).first().waitFor();
    }
    await page.getByLabel('Entity type').fill('APIKey');
    await page.getByRole('button', { name: 'Filter' }).click();
    await until('only API key entries', async () => {
      const rows = await page.locator('table.audit tbody tr').allTextContents();
      return rows.length >= 2 && rows.every((r) => r.includes('APIKey'));
    });
    await page.getByRole('button', { name: /^Show details of createApiKey/ }).first().click();
    await t.axe('audit-details');
    const fields = await page.getByLabel('Fields set').textContent();
    if (!fields.includes('Publishing server')) t.fail(`the audit entry of createApiKey shows ${fields}`);
    if (fields.includes(key.slice(6))) t.fail('the audit log shows the API key secret');
    await t.axe('audit');
    await t.shot('audit');
  });
  t.values.owner = owner.email;
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on a page of another context (t.axe checks t.page only): serious or critical violations fail. */
async function axeOn(t, p, screen) {
  await p.evaluate(axeSource);
  const r = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) t.fail(`axe-core, screen ${screen}: ${JSON.stringify(bad.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target) })))}`);
}

/** A screenshot of a page of another context, beside t.shot's. */
async function shotOf(t, p, name) {
  if (t.env.shots) await p.screenshot({ path: join(t.env.shots, name + '.png'), fullPage: false });
}
