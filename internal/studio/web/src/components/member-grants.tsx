// member-grants.tsx: the dialog that changes what a member (role member) may do:
// the grants grid filled with their grants, saved with updateMember.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, toast, useMutation } from '../ui';
import { GrantsEditor, choiceFromGrants, grantsInput } from './grants';

/** The member whose grants are edited, as the members list has them. */
export interface GrantedMember {
  userID: string;
  permissions: unknown;
  user: { name: string; email: string };
}

/** The grants grid of one member, and Save. */
export function MemberGrantsForm(props: { member: GrantedMember; onSaved: () => void; onCancel: () => void }) {
  const initial = choiceFromGrants(props.member.permissions);
  const [choice, setChoice] = useState(initial.choice);
  const save = useMutation('UpdateMemberGrants');
  const who = props.member.user.name || props.member.user.email;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (await save.run({ userID: props.member.userID, permissions: grantsInput(choice) })) {
      toast(`${who}'s permissions saved`);
      props.onSaved();
    }
  };
  return (
    <form onSubmit={submit}>
      <p>What {who} may do in this organization's projects. Owners and admins may do everything.</p>
      {!initial.exact && (
        <p class="muted">Their grants name several projects or single folders, more than this grid shows: saving replaces them with what is checked here.</p>
      )}
      <GrantsEditor value={choice} onChange={setChoice} />
      <ErrorBox error={save.error} />
      <div class="row">
        <Button type="submit" kind="primary" busy={save.busy}>Save permissions</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
