// signin.tsx: sign-in (password, or an OAuth provider the server offers),
// registration, the password reset by emailed code, and the return from an
// OAuth provider.
import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { paths } from '../routes';
import { signIn } from '../session';
import { Button, ErrorBox, Field, Page, useMutation, useQuery } from '../ui';

const providerNames: Record<string, string> = { google: 'Google', github: 'GitHub' };

/** Email and password, or a configured OAuth provider. */
export function SignIn() {
  const login = useMutation('Login');
  const service = useQuery<{ service: { oauthProviders: string[] } }>('Service');
  const [oauthError, setOAuthError] = useState<unknown>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const r = await login.run({ email: f.get('email'), password: f.get('password') });
    if (r) signIn(r.login);
  };
  const oauth = async (provider: string) => {
    try {
      const r = await gql('OAuthRedirect', { provider });
      location.assign(r.oauthRedirect.url);
    } catch (err) {
      setOAuthError(err);
    }
  };
  const providers = service.data?.service.oauthProviders || [];
  return (
    <Page title="Sign in to Vidra Studio">
      <form class="card narrow" onSubmit={submit}>
        <Field label="Email" name="email" type="email" autoComplete="username" required error={login.error} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={login.error} />
        <ErrorBox error={login.error} fields={['email', 'password']} />
        <Button type="submit" kind="primary" busy={login.busy}>Sign in</Button>
        {providers.length > 0 && (
          <div class="oauth" role="group" aria-label="Sign in with">
            {providers.map((p) => (
              <Button key={p} onClick={() => oauth(p)}>Sign in with {providerNames[p] || p}</Button>
            ))}
          </div>
        )}
        <ErrorBox error={oauthError} />
        <p class="links">
          <a href={paths.register()}>Create an account</a> · <a href={paths.reset()}>Forgot your password?</a>
        </p>
      </form>
    </Page>
  );
}

/** A new account (with its personal organization). */
export function Register() {
  const reg = useMutation('Register');
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const r = await reg.run({ input: { name: f.get('name'), email: f.get('email'), password: f.get('password') } });
    if (r) signIn(r.register);
  };
  return (
    <Page title="Create your Vidra account">
      <form class="card narrow" onSubmit={submit}>
        <Field label="Name" name="name" autoComplete="name" error={reg.error} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={reg.error} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={8}
          hint="At least 8 characters, hard to guess." error={reg.error} />
        <ErrorBox error={reg.error} fields={['name', 'email', 'password']} />
        <Button type="submit" kind="primary" busy={reg.busy}>Create account</Button>
        <p class="links"><a href={paths.signIn()}>I have an account</a></p>
      </form>
    </Page>
  );
}

/** The password reset: email, then the 6-digit code mailed, then the new password. */
export function Reset() {
  const [step, setStep] = useState<'email' | 'code' | 'password' | 'done'>('email');
  const [email, setEmail] = useState('');
  const [ticket, setTicket] = useState('');
  const forgot = useMutation('ForgotPassword');
  const verify = useMutation('VerifyPasswordResetOtp');
  const set = useMutation('SetForgottenPassword');
  const resend = useMutation('ResendOtp');
  const sendCode = async (e: Event) => {
    e.preventDefault();
    const addr = String(new FormData(e.target as HTMLFormElement).get('email'));
    if (await forgot.run({ email: addr })) { setEmail(addr); setStep('code'); }
  };
  const checkCode = async (e: Event) => {
    e.preventDefault();
    const r = await verify.run({ email, otp: String(new FormData(e.target as HTMLFormElement).get('otp')).trim() });
    if (r) { setTicket(r.verifyPasswordResetOtp.resetToken); setStep('password'); }
  };
  const setPassword = async (e: Event) => {
    e.preventDefault();
    if (await set.run({ resetToken: ticket, password: new FormData(e.target as HTMLFormElement).get('password') })) setStep('done');
  };
  return (
    <Page title="Reset your password">
      {step === 'email' && (
        <form class="card narrow" onSubmit={sendCode}>
          <p>We will email you a 6-digit code.</p>
          <Field label="Email" name="email" type="email" autoComplete="email" required error={forgot.error} />
          <ErrorBox error={forgot.error} fields={['email']} />
          <Button type="submit" kind="primary" busy={forgot.busy}>Email me a code</Button>
        </form>
      )}
      {step === 'code' && (
        <form class="card narrow" onSubmit={checkCode}>
          <p>If {email} has an account, a code is on its way. It works for 10 minutes.</p>
          <Field label="Code" name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required error={verify.error} />
          <ErrorBox error={verify.error} fields={['otp']} />
          <ErrorBox error={resend.error} />
          <Button type="submit" kind="primary" busy={verify.busy}>Check the code</Button>
          <Button onClick={() => resend.run({ email })} busy={resend.busy}>Send another code</Button>
        </form>
      )}
      {step === 'password' && (
        <form class="card narrow" onSubmit={setPassword}>
          <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={8} error={set.error} />
          <ErrorBox error={set.error} fields={['password']} />
          <Button type="submit" kind="primary" busy={set.busy}>Set the password</Button>
        </form>
      )}
      {step === 'done' && (
        <div class="card narrow">
          <p role="status">Your password is set, and every session was signed out.</p>
          <a class="btn btn-primary" href={paths.signIn()}>Sign in</a>
        </div>
      )}
    </Page>
  );
}

/** Where the server sends the browser back from an OAuth provider (?code=&state=). */
export function OAuthReturn() {
  const { provider } = useRoute().params;
  const { route } = useLocation();
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const code = q.get('code'), state = q.get('state');
    if (q.get('error')) { setError(`${providerNames[provider] || provider} refused: ${q.get('error_description') || q.get('error')}`); return; }
    if (!code) { setError('The provider returned no code.'); return; }
    gql('OAuthCallback', { provider, code, state })
      .then((r) => { signIn(r.oauthCallback); route(paths.home(), true); })
      .catch(setError);
  }, [provider]);
  return (
    <Page title={`Signing in with ${providerNames[provider] || provider}`}>
      {error ? <><ErrorBox error={error} /><a href={paths.signIn()}>Back to sign-in</a></> : <p aria-busy="true">One moment…</p>}
    </Page>
  );
}
