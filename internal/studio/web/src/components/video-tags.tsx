// video-tags.tsx: the tags of a video's details: the ones it has (each with
// a remove button) and new ones typed by name; the changes are applied by Save
// (tags missing from the project are created then).
import { useState } from 'preact/hooks';
import { gql } from '../api';
import { Button, Field } from '../ui';
import type { Tag } from './video-types';

/** The pending tag changes of the details form. */
export interface TagEdit {
  /** Tags the video has and keeps. */
  kept: Tag[];
  /** Ids of tags to detach. */
  removed: string[];
  /** Names of tags to attach. */
  added: string[];
}

/** Shows the tags with their pending changes; onChange gets the new edit. */
export function TagEditor(props: { edit: TagEdit; more: number; onChange: (e: TagEdit) => void }) {
  const { edit } = props;
  const [name, setName] = useState('');
  const add = () => {
    const n = name.trim();
    if (!n) return;
    if (!edit.added.includes(n) && !edit.kept.some((t) => t.name === n)) props.onChange({ ...edit, added: [...edit.added, n] });
    setName('');
  };
  const remove = (t: Tag) => props.onChange({ ...edit, kept: edit.kept.filter((k) => k.id !== t.id), removed: [...edit.removed, t.id] });
  const unadd = (n: string) => props.onChange({ ...edit, added: edit.added.filter((a) => a !== n) });
  return (
    <fieldset class="video-tags">
      <legend>Tags</legend>
      <ul class="tag-list">
        {edit.kept.map((t) => (
          <li key={t.id} class="tag">{t.name} <button type="button" class="tag-remove" aria-label={`Remove tag ${t.name}`} onClick={() => remove(t)}>×</button></li>
        ))}
        {edit.added.map((n) => (
          <li key={'+' + n} class="tag tag-new">{n} (new) <button type="button" class="tag-remove" aria-label={`Remove tag ${n}`} onClick={() => unadd(n)}>×</button></li>
        ))}
        {!edit.kept.length && !edit.added.length && <li class="muted">No tags.</li>}
      </ul>
      {props.more > 0 && <p class="muted">and {props.more} more not shown.</p>}
      <div class="row">
        <Field label="Add a tag" name="tag" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} />
        <Button onClick={add}>Add tag</Button>
      </div>
    </fieldset>
  );
}

/** The ids of tags named names in the project, creating those it does not have. */
export async function tagIDs(projectID: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const r = await gql('VideoTagByName', { projectID, name });
    const found = r.tags.edges[0]?.node;
    ids.push(found ? found.id : (await gql('VideoTagCreate', { input: { projectID, name } })).createTag.id);
  }
  return ids;
}
