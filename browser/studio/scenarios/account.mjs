// account.mjs: a new user registers, creates a project, signs out, signs in
// again, and resets a forgotten password with the code mailed to them.
export default async function (t) {
  const { page } = t;
  await page.goto(t.url('/'));
  await page.getByRole('heading', { name: 'Sign in to Vidra Studio' }).waitFor();
  await t.axe('sign-in');
  await t.shot('sign-in');

  const { email } = await t.step('register', () => t.register('Ada Editor'));
  // The verification link mailed at registration confirms the address.
  const verification = await t.mail(email);
  const link = (verification.text.match(/https?:\/\/\S+verify-email\S+/) || [])[0];
  if (!link) t.fail(`no verification link in the mail: ${verification.text}`);
  await t.axe('projects-empty');
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Launch films');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/studio\/projects\/[^/]+\/videos$/);
  await page.goto(t.url('/studio/'));
  await page.getByRole('link', { name: 'Launch films' }).waitFor();
  await t.axe('projects');
  await t.shot('projects');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Vidra Studio' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password at all 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const mail = await t.mail(email);
  const code = (mail.text.match(/\b(\d{6})\b/) || [])[1];
  if (!code) t.fail(`no 6-digit code in the mail: ${mail.text}`);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Check the code' }).click();
  const password = 'a brand new passphrase 77';
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByText('Your password is set').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Launch films' }).waitFor();

  // A reload keeps the session; a deep link of a signed-out visitor comes back after sign-in.
  await page.reload();
  await page.getByRole('link', { name: 'Launch films' }).waitFor();
}
