// ingest.tsx: where a publisher sends the stream: the RTMP, RTMPS and SRT
// addresses, and the stream key, hidden until asked for. The API gives a key
// only when it is made (creation, reset): a key this tab was not given cannot
// be shown, only replaced.
import { useState } from 'preact/hooks';
import { Button, CopyField, Dialog, ErrorBox, toast, useMutation } from '../../ui';
import { useSignal } from '../../signal';
import { issuedKeys, rememberKey, type IssuedKey } from './keys';
import type { StreamDetail } from './model';

/** The ingest addresses and key of stream s. */
export function IngestPanel(props: { project: string; stream: StreamDetail; onReset: () => void }) {
  const s = props.stream;
  const key = useSignal(issuedKeys)[s.id];
  const [shown, setShown] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const reset = useMutation<{ resetLiveStreamKey: IssuedKey & { liveStream: { id: string } } }>('ResetLiveStreamKey');
  const doReset = async () => {
    const r = await reset.run({ projectID: props.project, id: s.id });
    if (!r) return;
    const { liveStream, ...k } = r.resetLiveStreamKey;
    rememberKey(liveStream.id, k);
    setConfirm(false);
    setShown(true);
    toast('Stream key reset: the old key no longer works');
    props.onReset();
  };
  return (
    <section class="card live-section" aria-labelledby="ingest-h">
      <h2 id="ingest-h">Ingest</h2>
      <p class="muted">In OBS: Settings → Stream → Service "Custom", Server the RTMP URL, Stream Key the key.</p>
      <CopyField label="RTMP server URL" value={s.ingest.rtmpURL} />
      {s.ingest.rtmpsURL
        ? <CopyField label="RTMPS server URL" value={s.ingest.rtmpsURL} />
        : <p class="muted">RTMPS is not offered by this server.</p>}
      {s.ingest.srtURL
        ? <CopyField label="SRT address" value={s.ingest.srtURL} />
        : <p class="muted">SRT is not offered by this server.</p>}
      {key && shown ? (
        <>
          <CopyField label="Stream key" value={key.streamKey} />
          <CopyField label="RTMP publish URL" value={key.rtmpPublishURL} />
          {key.rtmpsPublishURL && <CopyField label="RTMPS publish URL" value={key.rtmpsPublishURL} />}
          {key.srtPublishURL && <CopyField label="SRT publish URL" value={key.srtPublishURL} />}
          <p class="muted">Keep the key now: it is stored only as a hash and this page cannot show it after a reload.</p>
          <div class="row"><Button onClick={() => setShown(false)}>Hide stream key</Button><Button onClick={() => setConfirm(true)}>Reset key</Button></div>
        </>
      ) : (
        <div class="field">
          <span class="live-label">Stream key</span>
          <p class="live-key">Hidden; it ends in <code>{s.keyLast4}</code></p>
          {!key && <p class="muted">The key was shown once, when it was made; only its last four characters are kept. Reset it to get a new one.</p>}
          <div class="row">
            {key && <Button onClick={() => setShown(true)}>Show stream key</Button>}
            <Button onClick={() => setConfirm(true)}>Reset key</Button>
          </div>
        </div>
      )}
      <Dialog title="Reset the stream key?" open={confirm} onClose={() => setConfirm(false)}>
        <p>The current key stops working at once{s.status === 'active' ? ', and the publisher sending now is disconnected' : ''}. Publishers need the new key.</p>
        <ErrorBox error={reset.error} />
        <div class="row">
          <Button kind="danger" busy={reset.busy} onClick={doReset}>Reset key</Button>
          <Button onClick={() => setConfirm(false)}>Cancel</Button>
        </div>
      </Dialog>
    </section>
  );
}
