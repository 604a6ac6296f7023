// drag.ts: what a drag in the Library carries: the ids of videos (rows of the
// table) or of a folder (an entry of the tree), as HTML5 drag data of our own
// types, so a drop knows what it got and ignores anything else (files, links).

const VIDEOS = 'application/x-vidra-videos';
const FOLDER = 'application/x-vidra-folder';

/** Starts a drag of videos. */
export function setDraggedVideos(e: DragEvent, ids: string[]): void {
  if (!e.dataTransfer) return;
  e.dataTransfer.setData(VIDEOS, JSON.stringify(ids));
  e.dataTransfer.setData('text/plain', `${ids.length} video${ids.length === 1 ? '' : 's'}`);
  e.dataTransfer.effectAllowed = 'move';
}

/** Starts a drag of a folder. */
export function setDraggedFolder(e: DragEvent, id: string): void {
  if (!e.dataTransfer) return;
  e.dataTransfer.setData(FOLDER, id);
  e.dataTransfer.setData('text/plain', 'folder');
  e.dataTransfer.effectAllowed = 'move';
}

/** True when the drag carries videos or a folder (readable during dragover, unlike the data). */
export function isLibraryDrag(e: DragEvent): boolean {
  const types = e.dataTransfer ? Array.from(e.dataTransfer.types) : [];
  return types.includes(VIDEOS) || types.includes(FOLDER);
}

/** What was dropped: video ids, a folder id, or nothing of ours. */
export function readDrop(e: DragEvent): { videos?: string[]; folder?: string } {
  const d = e.dataTransfer;
  if (!d) return {};
  const videos = d.getData(VIDEOS);
  if (videos) {
    try {
      const ids = JSON.parse(videos);
      if (Array.isArray(ids)) return { videos: ids.map(String) };
    } catch { /* not ours */ }
  }
  const folder = d.getData(FOLDER);
  return folder ? { folder } : {};
}
