// secret.tsx: a secret the API shows once (API key, webhook signing secret):
// the value to copy and a plain warning that it will not be shown again.
import { Button, CopyField } from '../ui';

/** Shows a one-time secret until the reader says they kept it. */
export function OnceSecret(props: { label: string; value: string; note?: string; onDone: () => void }) {
  return (
    <div class="once-secret" role="region" aria-label={props.label}>
      <p class="warning"><strong>Copy it now: you will not see it again.</strong> {props.note}</p>
      <CopyField label={props.label} value={props.value} />
      <Button kind="primary" onClick={props.onDone}>I have kept it</Button>
    </div>
  );
}
