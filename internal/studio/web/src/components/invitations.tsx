// invitations.tsx: inviting someone by email with a role (and grants for a
// member), and the pending invitations: send again (revokes the old link, mails
// a new one) or revoke.
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { Button, ErrorBox, Field, Loaded, Select, toast, useMutation, useQuery, when } from '../ui';
import { GrantList, GrantsEditor, grantsInput, reusableGrants, useGrantChoice } from './grants';
import { Pager, useCursor } from './pager';

interface Invitation { id: string; email: string; role: string; status: string; expiresAt: string; expired: boolean; createdAt: string; permissions: unknown }
interface InvitesPage { invitations: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Invitation }[] } }

/** The invite form; only owners invite owners. */
export function InviteForm(props: { callerRole: string; onSent: (email: string) => void; onCancel: () => void }) {
  const send = useMutation('SendInvitation');
  const [role, setRole] = useState('member');
  const [grants, setGrants] = useGrantChoice();
  const submit = async (e: Event) => {
    e.preventDefault();
    const email = String(new FormData(e.target as HTMLFormElement).get('email')).trim();
    const input: Record<string, unknown> = { email, role };
    if (role === 'member') input.permissions = grantsInput(grants);
    if (await send.run({ input })) props.onSent(email);
  };
  const roles: [string, string][] = [['member', 'Member: what the grants below allow'], ['admin', 'Admin: everything but owners'], ['owner', 'Owner: everything']];
  return (
    <form onSubmit={submit}>
      <Field label="Email" name="email" type="email" required error={send.error} />
      <Select label="Role" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value)}
        options={props.callerRole === 'owner' ? roles : roles.filter(([v]) => v !== 'owner')} />
      {role === 'member' && <GrantsEditor value={grants} onChange={setGrants} />}
      <ErrorBox error={send.error} fields={['email']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={send.busy}>Send invitation</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** The pending invitations; version changes when one was just sent. */
export function Invitations(props: { version: number }) {
  const cursor = useCursor();
  const q = useQuery<InvitesPage>('PendingInvitations', { after: cursor.after });
  const revoke = useMutation('RevokeInvitation');
  const [resendError, setResendError] = useState<unknown>(null);
  const [busy, setBusy] = useState('');
  useEffect(() => { if (props.version) q.reload(); }, [props.version]);
  const withdraw = async (inv: Invitation) => {
    setResendError(null);
    if (await revoke.run({ id: inv.id })) { toast(`Invitation to ${inv.email} revoked`); q.reload(); }
  };
  // The API keeps one pending invitation per address and has no resend: the old
  // link is revoked, then a new invitation (same role and grants) is mailed.
  const again = async (inv: Invitation) => {
    setResendError(null);
    setBusy(inv.id);
    try {
      await gql('RevokeInvitation', { id: inv.id });
      await gql('SendInvitation', { input: { email: inv.email, role: inv.role, ...(inv.role === 'member' ? { permissions: reusableGrants(inv.permissions) } : {}) } });
      toast(`A new invitation was mailed to ${inv.email}`);
    } catch (e) {
      setResendError(e);
    } finally {
      setBusy('');
      q.reload();
    }
  };
  return (
    <section class="card invitations" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Pending invitations</h2>
      <ErrorBox error={revoke.error || resendError} />
      <Loaded q={q}>{() => {
        const page = q.data!.invitations;
        if (!page.edges.length) return <p class="muted">None: every invitation was answered, revoked or has expired.</p>;
        return (
          <>
            <table>
              <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Grants</th><th scope="col">Expires</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {page.edges.map(({ node: inv }) => (
                  <tr key={inv.id}>
                    <td>{inv.email}</td>
                    <td>{inv.role}</td>
                    <td>{inv.role === 'member' ? <GrantList permissions={inv.permissions} /> : <span class="muted">Everything</span>}</td>
                    <td>{when(inv.expiresAt)} {inv.expired && <span class="badge failed">Expired</span>}</td>
                    <td class="actions">
                      <Button busy={busy === inv.id} aria-label={`Send again to ${inv.email}`} onClick={() => again(inv)}>Send again</Button>
                      <Button kind="danger" busy={revoke.busy} aria-label={`Revoke the invitation to ${inv.email}`} onClick={() => withdraw(inv)}>Revoke</Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager cursor={cursor} pageInfo={page.pageInfo} total={page.totalCount} label="Invitations" />
          </>
        );
      }}</Loaded>
    </section>
  );
}
