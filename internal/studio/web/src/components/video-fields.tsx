// video-fields.tsx: form controls of a video's page that ui.tsx has no
// counterpart for: a labelled textarea bound to API errors like Field.
import type { TextareaHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import { fieldError } from '../ui';

/** A labelled multi-line input; its error (an ApiError naming this field, or a message) is announced. */
export function TextArea(props: TextareaHTMLAttributes & { label: string; name: string; error?: unknown; hint?: string }) {
  const { label, error, hint, ...rest } = props;
  const id = useId();
  const message = fieldError(error, props.name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} rows={4} {...rest} aria-invalid={message ? 'true' : undefined}
        aria-describedby={message ? id + '-err' : hint ? id + '-hint' : undefined} />
      {hint && !message && <small id={id + '-hint'}>{hint}</small>}
      {message && <small id={id + '-err'} class="error-text">{message}</small>}
    </div>
  );
}
