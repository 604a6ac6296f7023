// video-details.tsx: the editable details of a video: title, description,
// folder, tags and custom metadata, saved together by updateVideo.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, Field, TextArea, fieldError, toast, useMutation } from '../ui';
import { FolderSelect } from './video-folders';
import { MetadataEditor, metadataMap, metadataRows, type MetadataRow } from './video-metadata';
import { TagEditor, tagIDs, type TagEdit } from './video-tags';
import type { SectionProps, VideoData } from './video-types';

interface Draft {
  title: string;
  description: string;
  folderID: string;
  tags: TagEdit;
  metadata: MetadataRow[];
}

function draftOf(v: VideoData): Draft {
  return {
    title: v.title, description: v.description, folderID: v.folderID || '',
    tags: { kept: v.tags.edges.map((e) => e.node), removed: [], added: [] },
    metadata: metadataRows(v.metadata),
  };
}

/** The details form; onSaved gets the video as updateVideo returned it. */
export function VideoDetails(props: SectionProps & { onSaved: (v: VideoData) => void }) {
  const v = props.video;
  const [draft, setDraft] = useState<Draft>(() => draftOf(v));
  const [localError, setLocalError] = useState('');
  const [tagError, setTagError] = useState<unknown>(null);
  const [tagBusy, setTagBusy] = useState(false);
  const save = useMutation('VideoUpdate');
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = async (e: Event) => {
    e.preventDefault();
    setLocalError('');
    setTagError(null);
    const metadata = metadataMap(draft.metadata);
    if (typeof metadata === 'string') { setLocalError(metadata); return; }
    let addTagIDs: string[] = [];
    if (draft.tags.added.length) {
      setTagBusy(true);
      try {
        addTagIDs = await tagIDs(props.projectID, draft.tags.added);
      } catch (err) {
        setTagError(err);
        return;
      } finally {
        setTagBusy(false);
      }
    }
    const input: Record<string, unknown> = { title: draft.title, description: draft.description };
    if (draft.folderID !== (v.folderID || '')) {
      if (draft.folderID) input.folderID = draft.folderID;
      else input.clearFolder = true;
    }
    if (addTagIDs.length) input.addTagIDs = addTagIDs;
    if (draft.tags.removed.length) input.removeTagIDs = draft.tags.removed;
    if (Object.keys(metadata).length) input.metadata = metadata;
    else if (v.metadata && Object.keys(v.metadata).length) input.clearMetadata = true;
    const r = await save.run({ id: v.id, projectID: props.projectID, input });
    if (r) {
      const updated = { ...v, ...r.updateVideo };
      setDraft(draftOf(updated));
      props.onSaved(updated);
      toast('Video details saved');
    }
  };

  return (
    <form class="card video-details" onSubmit={submit} aria-labelledby="video-details-title">
      <h2 id="video-details-title">Details</h2>
      <Field label="Title" name="title" value={draft.title} required error={save.error}
        onInput={(e) => set({ title: (e.target as HTMLInputElement).value })} />
      <TextArea label="Description" name="description" value={draft.description} error={save.error}
        onInput={(e) => set({ description: (e.target as HTMLTextAreaElement).value })} />
      <FolderSelect projectID={props.projectID} value={draft.folderID} current={v.folder} onChange={(folderID) => set({ folderID })} />
      {fieldError(save.error, 'folderID') && <p class="error-text">{fieldError(save.error, 'folderID')}</p>}
      <TagEditor edit={draft.tags} more={Math.max(0, v.tags.totalCount - v.tags.edges.length)} onChange={(tags) => set({ tags })} />
      <ErrorBox error={tagError} />
      <MetadataEditor rows={draft.metadata} onChange={(metadata) => set({ metadata })}
        error={localError || fieldError(save.error, 'metadata')} />
      <ErrorBox error={save.error} fields={['title', 'description', 'folderID', 'metadata']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={save.busy || tagBusy}>Save</Button>
        <Button onClick={() => { setDraft(draftOf(v)); setLocalError(''); save.setError(null); }}>Discard changes</Button>
      </div>
    </form>
  );
}
