// org.tsx: the organization switcher. Switching signs in again in the chosen
// organization (switchOrganization returns new tokens) and returns home.
import { useLocation } from 'preact-iso';
import { useId } from 'preact/hooks';
import { resetSubscriptions } from './api';
import { currentOrganization, signIn, signOutAndForget } from './session';
import { paths } from './routes';
import { gql } from './api';
import { toast, useQuery } from './ui';

/** The organizations the user belongs to, as a select, and Sign out. */
export function OrgSwitcher() {
  const id = useId();
  const { route } = useLocation();
  const q = useQuery<{ organizations: { edges: { node: { id: string; name: string } }[] } }>('Organizations', {});
  const current = currentOrganization();
  const orgs = q.data?.organizations.edges.map((e) => e.node) || [];
  const change = async (e: Event) => {
    const org = (e.target as HTMLSelectElement).value;
    try {
      const r = await gql('SwitchOrganization', { id: org });
      signIn(r.switchOrganization);
      resetSubscriptions();
      toast(`Switched to ${orgs.find((o) => o.id === org)?.name}`);
      route(paths.home());
    } catch (err) {
      toast((err as Error).message);
    }
  };
  const out = async () => {
    try { await gql('Logout'); } catch { /* signed out either way */ }
    resetSubscriptions();
    signOutAndForget();
  };
  return (
    <div class="org-switcher">
      <label for={id}>Organization</label>
      <select id={id} value={current} onChange={change} disabled={orgs.length < 2}>
        {orgs.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
      </select>
      <button type="button" class="btn btn-plain" onClick={out}>Sign out</button>
    </div>
  );
}
