// members.tsx: the organization's members (role changed with a select, a
// member's permissions with the grants grid, removal after a confirmation; the API refuses what the caller may not do and its error
// shows), invitations by email with a role (and grants for members), the pending
// ones (send again, revoke); and, on /studio/invitations/:token, the public page
// that answers an invitation.
import { useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Confirm } from '../components/confirm';
import { GrantList } from '../components/grants';
import { InvitationPage } from '../components/invitation';
import { MemberGrantsForm } from '../components/member-grants';
import { Invitations, InviteForm } from '../components/invitations';
import { Pager, useCursor } from '../components/pager';
import { Button, Dialog, ErrorBox, Loaded, Page, toast, useMutation, useQuery, when } from '../ui';

interface Member { id: string; userID: string; role: string; permissions: unknown; createdAt: string; user: { id: string; name: string; email: string } }
interface MembersPage { members: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Member }[] } }
interface Access { apiAccessCheck: { role: string | null; user: { id: string; email: string } | null; organization: { id: string; name: string } | null } }

const roles: [string, string][] = [['owner', 'Owner'], ['admin', 'Admin'], ['member', 'Member']];

/** The members screen, or the invitation page when the route names a token. */
export function Members() {
  const { token } = useRoute().params;
  if (token) return <InvitationPage token={token} />;
  return <MembersPage />;
}

/** Members, the invite form and pending invitations. */
function MembersPage() {
  const access = useQuery<Access>('MemberAccess');
  const cursor = useCursor();
  const q = useQuery<MembersPage>('Members', { after: cursor.after });
  const update = useMutation('UpdateMember');
  const remove = useMutation('RemoveMember');
  const [removing, setRemoving] = useState<Member | null>(null);
  const [granting, setGranting] = useState<Member | null>(null);
  const [inviting, setInviting] = useState(false);
  const [invitesVersion, setInvitesVersion] = useState(0);
  const me = access.data?.apiAccessCheck;
  const admin = me?.role === 'owner' || me?.role === 'admin';
  const changeRole = async (m: Member, role: string) => {
    const r = await update.run({ userID: m.userID, role });
    if (r) toast(`${m.user.name || m.user.email} is now ${role}`);
    q.reload();
  };
  const confirmRemove = async () => {
    if (!removing) return;
    if (await remove.run({ userID: removing.userID })) {
      toast(`${removing.user.name || removing.user.email} ${removing.userID === me?.user?.id ? 'left' : 'was removed'}`);
      setRemoving(null);
      q.reload();
    }
  };
  const org = me?.organization?.name;
  return (
    <Page title="Members" actions={admin && <Button kind="primary" onClick={() => setInviting(true)}>Invite someone</Button>}>
      {org && <p class="muted">The people of {org}. Owners and admins may do everything; members what their grants say.</p>}
      <ErrorBox error={update.error} />
      <Loaded q={q}>{() => {
        const page = q.data!.members;
        return (
          <>
            <table class="members">
              <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Grants</th><th scope="col">Joined</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                {page.edges.map(({ node: m }) => {
                  const self = m.userID === me?.user?.id;
                  const who = m.user.name || m.user.email;
                  return (
                    <tr key={m.id}>
                      <td>{who}{self && <span class="badge">you</span>}</td>
                      <td>{m.user.email}</td>
                      <td>
                        <select aria-label={`Role of ${who}`} value={m.role} disabled={update.busy}
                          onChange={(e) => changeRole(m, (e.target as HTMLSelectElement).value)}>
                          {roles.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
                        </select>
                      </td>
                      <td>
                        {m.role === 'member' ? <GrantList permissions={m.permissions} /> : <span class="muted">Everything</span>}
                        {m.role === 'member' && admin && (
                          <Button aria-label={`Edit the permissions of ${who}`} onClick={() => setGranting(m)}>Edit</Button>
                        )}
                      </td>
                      <td>{when(m.createdAt)}</td>
                      <td>
                        <Button kind="danger" aria-label={self ? 'Leave the organization' : `Remove ${who}`}
                          onClick={() => { remove.setError(null); setRemoving(m); }}>{self ? 'Leave' : 'Remove'}</Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pager cursor={cursor} pageInfo={page.pageInfo} total={page.totalCount} label="Members" />
          </>
        );
      }}</Loaded>
      {admin && <Invitations version={invitesVersion} />}
      <Dialog title="Invite someone" open={inviting} onClose={() => setInviting(false)}>
        {inviting && (
          <InviteForm callerRole={me?.role || ''} onCancel={() => setInviting(false)}
            onSent={(email) => { setInviting(false); setInvitesVersion((v) => v + 1); toast(`Invitation mailed to ${email}`); }} />
        )}
      </Dialog>
      <Dialog title="Member permissions" open={!!granting} onClose={() => setGranting(null)}>
        {granting && (
          <MemberGrantsForm member={granting} onCancel={() => setGranting(null)}
            onSaved={() => { setGranting(null); q.reload(); }} />
        )}
      </Dialog>
      <Confirm title={removing?.userID === me?.user?.id ? 'Leave the organization?' : 'Remove the member?'} open={!!removing}
        confirmLabel={removing?.userID === me?.user?.id ? 'Leave' : 'Remove member'} busy={remove.busy} error={remove.error}
        onConfirm={confirmRemove} onClose={() => setRemoving(null)}>
        <p>{removing?.user.name || removing?.user.email} loses access to {org || 'the organization'} at once; an invitation can bring them back.</p>
      </Confirm>
    </Page>
  );
}
