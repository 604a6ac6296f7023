// video-confirm.tsx: a confirmation dialog for the irreversible actions of a
// video's page (deleting the video, a caption, a download).
import type { ComponentChildren } from 'preact';
import { Button, Dialog, ErrorBox } from '../ui';

/** Asks before doing something that cannot be undone; error is the failed attempt's. */
export function Confirm(props: {
  title: string; open: boolean; action: string; busy?: boolean; error?: unknown;
  onConfirm: () => void; onClose: () => void; children: ComponentChildren;
}) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      {props.children}
      <ErrorBox error={props.error} />
      <div class="row">
        <Button kind="danger" busy={props.busy} onClick={props.onConfirm}>{props.action}</Button>
        <Button onClick={props.onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}
