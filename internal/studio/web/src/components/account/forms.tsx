// forms.tsx: small form pieces the account screens need beside ui.tsx's:
// a labelled checkbox, a labelled textarea, and parsers of typed lists.
import type { PartialInputHTMLAttributes, TextareaHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import { fieldError } from '../../ui';

/** A checkbox with its label after it. */
export function Checkbox(props: PartialInputHTMLAttributes<HTMLInputElement> & { label: string; name: string }) {
  const { label, ...input } = props;
  const id = useId();
  return (
    <div class="check">
      <input id={id} type="checkbox" {...(input as Record<string, unknown>)} />
      <label for={id}>{label}</label>
    </div>
  );
}

/** A labelled textarea; its error (an ApiError naming this field) is announced. */
export function TextArea(props: TextareaHTMLAttributes & { label: string; name: string; hint?: string; error?: unknown }) {
  const { label, hint, error, ...rest } = props;
  const id = useId();
  const message = fieldError(error, props.name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} rows={3} {...rest} aria-invalid={message ? 'true' : undefined}
        aria-describedby={message ? id + '-err' : hint ? id + '-hint' : undefined} />
      {hint && !message && <small id={id + '-hint'}>{hint}</small>}
      {message && <small id={id + '-err'} class="error-text">{message}</small>}
    </div>
  );
}

/** The items of a list typed one per line or separated by commas, trimmed, empty ones dropped. */
export function listFrom(text: FormDataEntryValue | null): string[] {
  return String(text || '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
}

/** The numbers of a typed list; NaN for an item that is not one (the API then says why). */
export function numbersFrom(text: FormDataEntryValue | null): number[] {
  return listFrom(text).map(Number);
}
