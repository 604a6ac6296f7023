// vtt.ts: the few WebVTT cues the player reads itself (chapters, storyboard).

/** A WebVTT cue: start and end in seconds, and its text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

function seconds(ts: string): number {
  const parts = ts.trim().split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

/** parseVTT reads the cues of a WebVTT file (no styling, no settings). */
export function parseVTT(body: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of body.replace(/\r/g, '').split(/\n\n+/)) {
    const lines = block.split('\n');
    const i = lines.findIndex((l) => l.includes('-->'));
    if (i < 0) continue;
    const [a, b] = lines[i].split('-->');
    cues.push({ start: seconds(a), end: seconds(b.trim().split(/\s+/)[0]), text: lines.slice(i + 1).join('\n').trim() });
  }
  return cues;
}

/** fetchCues fetches and parses a WebVTT file; [] when it cannot be had. */
export async function fetchCues(url: string): Promise<Cue[]> {
  try {
    const res = await fetch(url, { credentials: 'omit' });
    return res.ok ? parseVTT(await res.text()) : [];
  } catch {
    return [];
  }
}

/** clock formats seconds as m:ss or h:mm:ss. */
export function clock(t: number): string {
  if (!isFinite(t) || t < 0) t = 0;
  const s = Math.floor(t % 60), m = Math.floor((t / 60) % 60), h = Math.floor(t / 3600);
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
