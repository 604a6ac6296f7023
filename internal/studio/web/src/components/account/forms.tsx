// forms.tsx: small form pieces the account screens need beside ui.tsx's:
// a labelled checkbox and parsers of typed lists.
import type { PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';

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

/** The items of a list typed one per line or separated by commas, trimmed, empty ones dropped. */
export function listFrom(text: FormDataEntryValue | null): string[] {
  return String(text || '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
}

/** The numbers of a typed list; NaN for an item that is not one (the API then says why). */
export function numbersFrom(text: FormDataEntryValue | null): number[] {
  return listFrom(text).map(Number);
}
