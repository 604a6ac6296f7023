// confirm.tsx: the admin screens' confirmation dialog for what cannot be undone
// (revoke a key, remove a member, delete an endpoint); the API's refusal shows in it.
import type { ComponentChildren } from 'preact';
import { Button, Dialog, ErrorBox } from '../ui';

/** Asks before an irreversible action; stays open showing the API's error if it fails. */
export function Confirm(props: {
  title: string; open: boolean; confirmLabel: string; busy?: boolean; error?: unknown;
  onConfirm: () => void; onClose: () => void; children: ComponentChildren;
}) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <div class="confirm">
        {props.children}
        <ErrorBox error={props.error} />
        <div class="row">
          <Button kind="danger" busy={props.busy} onClick={props.onConfirm}>{props.confirmLabel}</Button>
          <Button onClick={props.onClose}>Cancel</Button>
        </div>
      </div>
    </Dialog>
  );
}
