// invitation.tsx: the page an invitation link opens (/studio/invitations/:token),
// signed in or not: what the invitation is, then Accept (signed in with the
// invited address; a signed-out visitor registers or signs in first and comes
// back here), or Decline. Accepting switches to the organization joined.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { gql, resetSubscriptions } from '../api';
import { base, paths } from '../routes';
import { session, signIn } from '../session';
import { useSignal } from '../signal';
import { Button, ErrorBox, Loaded, Page, toast, useMutation, useQuery, when } from '../ui';

interface Preview {
  email: string; role: string; status: string; expired: boolean; expiresAt: string; organizationID: string; organizationName: string;
}

/** The invitation a token names, and the answer to it. */
export function InvitationPage(props: { token: string }) {
  const { token } = props;
  const signedIn = !!useSignal(session);
  const { route } = useLocation();
  const q = useQuery<{ invitationByToken: Preview }>('InvitationByToken', { token });
  const me = useQuery<{ apiAccessCheck: { user: { email: string } | null } }>('MemberAccess', {}, !signedIn);
  const accept = useMutation('AcceptInvitation');
  const reject = useMutation('RejectInvitation');
  const [declined, setDeclined] = useState(false);
  const here = `${base}/invitations/${encodeURIComponent(token)}`;
  const next = `?next=${encodeURIComponent(here)}`;
  const join = async (inv: Preview) => {
    if (!(await accept.run({ token }))) return;
    try {
      const r = await gql('SwitchOrganization', { id: inv.organizationID });
      signIn(r.switchOrganization);
      resetSubscriptions();
    } catch (err) {
      accept.setError(err);
      return;
    }
    toast(`You joined ${inv.organizationName}`);
    route(paths.home());
  };
  const decline = async () => {
    if (await reject.run({ token })) setDeclined(true);
  };
  return (
    <Page title="Invitation to Vidra">
      <Loaded q={q}>{() => {
        const inv = q.data!.invitationByToken;
        const open = inv.status === 'pending' && !inv.expired;
        const myEmail = me.data?.apiAccessCheck.user?.email;
        return (
          <div class="card narrow invitation">
            <p>
              <strong>{inv.organizationName}</strong> invites <strong>{inv.email}</strong> to join as <strong>{inv.role}</strong>.
            </p>
            {declined && <p role="status">You declined the invitation.</p>}
            {!declined && !open && <p role="status">This invitation is {inv.expired ? 'expired' : inv.status}: ask for a new one.</p>}
            {!declined && open && (
              <>
                <p class="muted">It expires {when(inv.expiresAt)}.</p>
                {!signedIn && (
                  <>
                    <p>To accept, sign in with {inv.email}, or create an account with that address; you come back here after.</p>
                    <div class="row">
                      <a class="btn btn-primary" href={paths.register() + next}>Create an account</a>
                      <a class="btn" href={paths.signIn() + next}>Sign in</a>
                    </div>
                  </>
                )}
                {signedIn && myEmail && myEmail.toLowerCase() !== inv.email.toLowerCase() && (
                  <p class="warn-text">You are signed in as {myEmail}: only {inv.email} can accept.</p>
                )}
                <ErrorBox error={accept.error || reject.error} />
                <div class="row">
                  {signedIn && <Button kind="primary" busy={accept.busy} onClick={() => join(inv)}>Accept and join {inv.organizationName}</Button>}
                  <Button busy={reject.busy} onClick={decline}>Decline</Button>
                </div>
              </>
            )}
            {signedIn && <p class="links"><a href={paths.home()}>Go to your projects</a></p>}
          </div>
        );
      }}</Loaded>
    </Page>
  );
}
