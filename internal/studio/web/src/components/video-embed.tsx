// video-embed.tsx: how to put a video elsewhere: the iframe embed code, the
// embed page's address, its oEmbed link, and the HLS and DASH playback URLs.
import { CopyField } from '../ui';
import type { SectionProps } from './video-types';

/** The oEmbed address of an embed URL, on the server this console is served by. */
export function oembedURL(embedURL: string): string {
  return `${location.origin}/oembed?url=${encodeURIComponent(embedURL)}&format=json`;
}

/** The embed and playback section. */
export function VideoEmbed(props: SectionProps) {
  const v = props.video;
  const signed = v.project?.accessControl?.playback === 'signed';
  return (
    <section class="card video-section" aria-labelledby="video-embed-title">
      <h2 id="video-embed-title">Embed and playback</h2>
      {signed && <p class="notice">This project signs playback: each address below also needs <code>?token=</code> with a playback token (createPlaybackToken).</p>}
      <CopyField label="Embed code" value={v.embedCode} multiline />
      <CopyField label="Player page" value={v.embedURL} />
      <CopyField label="oEmbed" value={oembedURL(v.embedURL)} />
      {v.playbackURL
        ? <CopyField label="HLS playback URL" value={v.playbackURL} />
        : <p class="muted">The HLS playback URL appears once the video has a playable rendition.</p>}
      {v.dashURL && <CopyField label="DASH manifest URL" value={v.dashURL} />}
    </section>
  );
}
