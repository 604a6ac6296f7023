// video-downloads.tsx: a video's HLS renditions, and its static renditions
// (MP4 or M4A downloads): the list with each file's link once it is ready, a
// new one requested (refreshed while one is preparing) and one deleted.
import { useEffect, useState } from 'preact/hooks';
import { Button, ErrorBox, Select, bytes, toast, useMutation, useQuery, when } from '../ui';
import { Confirm } from './confirm';
import type { SectionProps, StaticRendition } from './video-types';

/** The renditions and downloads section. */
export function VideoDownloads(props: SectionProps) {
  const v = props.video;
  const ids = { videoID: v.id, projectID: props.projectID };
  const q = useQuery<{ videoStaticRenditions: StaticRendition[] }>('VideoStaticRenditions', ids);
  const create = useMutation('VideoStaticRenditionCreate');
  const del = useMutation('VideoStaticRenditionDelete');
  const [resolution, setResolution] = useState('highest');
  const [deleting, setDeleting] = useState<StaticRendition | null>(null);
  const list = q.data?.videoStaticRenditions || v.staticRenditions || [];
  const preparing = list.some((s) => s.status === 'preparing');
  useEffect(() => {
    if (!preparing) return;
    const t = setInterval(q.reload, 2000);
    return () => clearInterval(t);
  }, [preparing, q.reload]);

  const heights = [...new Set((v.renditions || []).map((r) => r.height))].sort((a, b) => b - a);
  const options: [string, string][] = [['highest', 'Highest quality (MP4)'], ...heights.map((h): [string, string] => [`${h}p`, `${h}p (MP4)`]), ['audio-only', 'Audio only (M4A)']];
  const request = async () => {
    const r = await create.run({ ...ids, resolution });
    if (r) {
      toast(`Download ${r.createStaticRendition.resolution} requested`);
      q.reload();
    }
  };
  const remove = async () => {
    if (deleting && await del.run({ ...ids, id: deleting.id })) {
      toast(`Download ${deleting.resolution} deleted`);
      setDeleting(null);
      q.reload();
    }
  };
  return (
    <section class="card video-section" aria-labelledby="video-downloads-title">
      <h2 id="video-downloads-title">Renditions and downloads</h2>
      <h3>Streaming renditions</h3>
      {v.renditions?.length ? (
        <table>
          <thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">Bandwidth</th><th scope="col">Status</th></tr></thead>
          <tbody>
            {v.renditions.map((r) => (
              <tr key={r.id}><td>{r.name}</td><td>{r.width ? `${r.width}×${r.height}` : 'audio only'}</td><td>{Math.round(r.bandwidth / 1000)} kbps</td><td><span class={`badge ${r.status}`}>{r.status}</span></td></tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No rendition yet: they are made while the video is processed.</p>}

      <h3>MP4 downloads</h3>
      {list.length ? (
        <table>
          <thead><tr><th scope="col">Resolution</th><th scope="col">File</th><th scope="col">Status</th><th scope="col">Size</th><th scope="col">Ready</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {list.map((s) => (
              <tr key={s.id}>
                <td>{s.resolution}{s.height ? ` (${s.width}×${s.height})` : ''}</td>
                <td>{s.downloadURL ? <a href={s.downloadURL} download={s.fileName}>{s.fileName}</a> : s.fileName}</td>
                <td><span class={`badge ${s.status}`}>{s.status}</span>{s.failureReason && <div class="error-text">{s.failureReason}</div>}</td>
                <td>{s.status === 'ready' ? bytes(s.bytes) : '—'}</td>
                <td>{when(s.readyAt)}</td>
                <td><Button kind="danger" aria-label={`Delete download ${s.resolution}`} onClick={() => { del.setError(null); setDeleting(s); }}>Delete</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">No download yet. A download is an MP4 file remuxed from the renditions, without a second encode.</p>}
      <ErrorBox error={q.error} />
      <div class="row video-subform">
        <Select label="Download to make" name="resolution" options={options} value={resolution}
          onChange={(e) => setResolution((e.target as HTMLSelectElement).value)} />
        <Button kind="primary" busy={create.busy} onClick={request}>Request download</Button>
      </div>
      <ErrorBox error={create.error} />
      <Confirm title="Delete download" open={!!deleting} confirmLabel="Delete download" busy={del.busy} error={del.error}
        onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>Delete the {deleting?.resolution} file {deleting?.fileName}? Its download link stops working.</p>
      </Confirm>
    </section>
  );
}
