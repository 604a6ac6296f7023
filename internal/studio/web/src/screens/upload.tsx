// upload.tsx: the Upload screen: files dropped on the drop zone or chosen with
// the file input are uploaded (tus, resumable) into the project, each with its
// progress, then followed live while the server processes them. Uploads a
// reload interrupted are listed so the user can choose the same file again and
// go on from what the server has.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { useProjectID } from '../app';
import { paths } from '../routes';
import { useSignal } from '../signal';
import { Button, Page, bytes } from '../ui';
import { projectRecords, serverOffset, type UploadRecord } from '../components/upload-records';
import { addFiles, discardRecord, sending, uploads } from '../components/upload-store';
import { UploadRow } from '../components/upload-row';

/** The Upload screen of a project. */
export function Upload() {
  const project = useProjectID();
  const list = useSignal(uploads).filter((u) => u.project === project);
  const input = useRef<HTMLInputElement>(null);
  const [, setRevision] = useState(0);
  const active = new Set(list.filter(sending).map((u) => u.key));
  const pending = projectRecords(project).filter((r) => !active.has(r.key));
  const add = (files: FileList | null | undefined) => {
    if (files?.length) addFiles(project, Array.from(files));
  };
  return (
    <Page title="Upload" actions={<a class="btn" href={paths.library(project)}>Go to the library</a>}>
      <DropZone inputRef={input} onFiles={add} />
      {pending.length > 0 && (
        <section class="upload-section" aria-labelledby="upload-pending">
          <h2 id="upload-pending">Unfinished uploads</h2>
          <p class="muted">These uploads stopped before all their bytes were sent (the page was closed or reloaded). Choose the same file again to go on from what the server has.</p>
          <ul class="upload-list">
            {pending.map((r) => (
              <PendingRow key={r.key} record={r} choose={() => input.current?.click()}
                discard={async () => { const done = discardRecord(r); setRevision((n) => n + 1); await done; }} />
            ))}
          </ul>
        </section>
      )}
      <section class="upload-section" aria-labelledby="upload-list">
        <h2 id="upload-list">Uploads</h2>
        {list.length === 0
          ? <p class="empty">No upload on this page yet. Uploads go on while you visit other screens of the console.</p>
          : <ul class="upload-list">{list.map((u) => <UploadRow key={u.id} item={u} />)}</ul>}
      </section>
    </Page>
  );
}

/** The drop zone, with the file input as its keyboard (and click) path. */
function DropZone(props: { inputRef: { current: HTMLInputElement | null }; onFiles: (f: FileList | null | undefined) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  useNoDropOutside();
  return (
    <div class={`upload-drop${over ? ' over' : ''}`} data-testid="drop-zone"
      onDragEnter={(e) => { e.preventDefault(); setOver(true); }}
      onDragOver={(e) => { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'; }}
      onDragLeave={(e) => { if (!(e.currentTarget as Node).contains(e.relatedTarget as Node | null)) setOver(false); }}
      onDrop={(e) => { e.preventDefault(); setOver(false); props.onFiles(e.dataTransfer?.files); }}>
      <p class="upload-drop-title">Drop video files here</p>
      <p class="muted">or</p>
      <div class="field upload-input">
        <label for={id}>Choose video files</label>
        <input id={id} ref={props.inputRef} type="file" multiple aria-describedby={id + '-hint'}
          onChange={(e) => {
            const el = e.currentTarget as HTMLInputElement;
            props.onFiles(el.files);
            el.value = '';
          }} />
        <small id={id + '-hint'}>Any video ffmpeg reads (MP4, MOV, MKV, WebM…). Several at once; an interrupted upload resumes where it stopped.</small>
      </div>
    </div>
  );
}

/** Keeps a file dropped beside the drop zone from replacing the console with it. */
function useNoDropOutside() {
  useEffect(() => {
    const stop = (e: DragEvent) => { if (e.dataTransfer?.types.includes('Files')) e.preventDefault(); };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);
}

/** An upload a reload interrupted: how much the server has, and the way to go on. */
function PendingRow(props: { record: UploadRecord; choose: () => void; discard: () => void }) {
  const r = props.record;
  const [offset, setOffset] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    serverOffset(r).then((o) => { if (live) setOffset(o); });
    return () => { live = false; };
  }, [r.key, r.token]);
  const pct = offset ? Math.floor((offset * 100) / r.size) : 0;
  return (
    <li class="card upload-item upload-pending">
      <div class="upload-head">
        <h3>{r.name}</h3>
        <span class="badge">Interrupted</span>
      </div>
      <p class="upload-stats">
        <span>{bytes(r.size)}</span>
        <span>{offset === undefined ? 'Asking the server how much it has…'
          : offset === null ? 'The server did not say how much it has.'
          : `${pct}% on the server (${bytes(offset)})`}</span>
      </p>
      <div class="row">
        <Button kind="primary" onClick={props.choose}>Resume: choose {r.name} again</Button>
        <Button onClick={props.discard} aria-label={`Discard the upload of ${r.name} and delete its video`}>Discard</Button>
      </div>
    </li>
  );
}
