// oauth.mjs: a visitor signs in with the OAuth provider the server offers (a
// fake GitHub on loopback, speaking the authorization-code flow with PKCE): the
// sign-in page lists it, the provider sends the browser back to the server's
// callback, the server hands it to the console, which finishes the sign-in.
export default async function (t) {
  const { page } = t;
  await page.goto(t.url('/studio/sign-in'));
  const button = page.getByRole('button', { name: 'Sign in with GitHub' });
  await button.waitFor();
  if (await page.getByRole('button', { name: 'Sign in with Google' }).count()) t.fail('Google is offered but not configured');
  await t.axe('sign-in-oauth');
  await button.click();
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
  if (!page.url().endsWith('/studio/')) t.fail(`after sign-in the console is at ${page.url()}`);
  const who = await t.gql('{ profile { email name } }');
  if (who.profile.email !== t.env.email) t.fail(`signed in as ${who.profile.email}, want ${t.env.email}`);
}
