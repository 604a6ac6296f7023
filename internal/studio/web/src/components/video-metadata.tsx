// video-metadata.tsx: the custom metadata of a video's details as key/value
// rows; a value not edited is sent back as it was (numbers and objects keep
// their JSON type), an edited one as text.
import { Button, Field } from '../ui';

/** One row of the metadata editor. */
export interface MetadataRow { key: string; value: string; original?: unknown }

/** The rows of a video's metadata map. */
export function metadataRows(m: Record<string, unknown> | null): MetadataRow[] {
  return Object.entries(m || {}).sort(([a], [b]) => a.localeCompare(b))
    .map(([key, v]) => ({ key, value: typeof v === 'string' ? v : JSON.stringify(v), original: v }));
}

/** The map to save from the rows, or an error message (an empty or repeated key). */
export function metadataMap(rows: MetadataRow[]): Record<string, unknown> | string {
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (!key) return 'Every metadata entry needs a key.';
    if (key in out) return `The metadata key ${key} is there twice.`;
    const unchanged = r.original !== undefined && (typeof r.original === 'string' ? r.original : JSON.stringify(r.original)) === r.value;
    out[key] = unchanged ? r.original : r.value;
  }
  return out;
}

/** Edits the rows; onChange gets the new rows. */
export function MetadataEditor(props: { rows: MetadataRow[]; error?: string; onChange: (rows: MetadataRow[]) => void }) {
  const set = (i: number, patch: Partial<MetadataRow>) => props.onChange(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset class="video-metadata">
      <legend>Custom metadata</legend>
      {!props.rows.length && <p class="muted">No custom metadata.</p>}
      {props.rows.map((r, i) => (
        <div class="row" key={i}>
          <Field label={`Key ${i + 1}`} name="metadataKey" value={r.key} onInput={(e) => set(i, { key: (e.target as HTMLInputElement).value })} />
          <Field label={`Value ${i + 1}`} name="metadataValue" value={r.value} onInput={(e) => set(i, { value: (e.target as HTMLInputElement).value })} />
          <Button aria-label={`Remove metadata key ${r.key || i + 1}`} onClick={() => props.onChange(props.rows.filter((_, j) => j !== i))}>Remove</Button>
        </div>
      ))}
      {props.error && <p class="error-text" role="alert">{props.error}</p>}
      <Button onClick={() => props.onChange([...props.rows, { key: '', value: '' }])}>Add a key</Button>
    </fieldset>
  );
}
