// library.tsx: the Library screen (/studio/projects/:project/videos): a
// project's videos 50 a page (cursor paging), searched, filtered by status,
// tag and folder, sorted; the folder tree beside them (create, rename, move,
// delete; drop videos or folders onto it); a selection with bulk actions (move,
// tag, delete) and tags. Its view lives in the URL's query string.
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { useProjectID } from '../app';
import { paths } from '../routes';
import { Button, ErrorBox, Loaded, Page, toast, useQuery } from '../ui';
import { BulkBar, BulkDialogs, type BulkAction } from '../components/library/bulk';
import { FolderDialogs } from '../components/library/folderdialogs';
import { FolderPanel, type FolderAction, type FolderNode, type TreeDrop } from '../components/library/folders';
import { LibraryFilters } from '../components/library/filters';
import { EmptyLibrary, Pager } from '../components/library/pager';
import { isFiltered, useLibraryParams, videoOrder, videoWhere } from '../components/library/params';
import { NewTagDialog } from '../components/library/tags';
import { VideoTable, type VideoRow } from '../components/library/videotable';

/** The page size: the most videos one request asks for. */
const PAGE = 50;

interface VideosData {
  videos: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: VideoRow }[] };
}

/** The Library screen. */
export function Library() {
  const projectID = useProjectID();
  const [params, setParams] = useLibraryParams();
  const where = videoWhere(projectID, params);
  const orderBy = videoOrder(params.sort);
  const viewKey = JSON.stringify([where, orderBy]);
  // The cursors of the pages before the one shown (null: the first page); a new view starts over.
  const [pages, setPages] = useState<{ key: string; cursors: (string | null)[] }>({ key: viewKey, cursors: [null] });
  const cursors = pages.key === viewKey ? pages.cursors : [null];
  const after = cursors[cursors.length - 1];
  const videos = useQuery<VideosData>('LibraryVideos', { first: PAGE, after, orderBy, where });
  const tree = useQuery<{ folderTree: FolderNode[] }>('LibraryFolderTree', { projectID });
  const tags = useQuery<{ tags: { totalCount: number; edges: { node: { id: string; name: string } }[] } }>('LibraryTags', { projectID });
  const folders = tree.data?.folderTree || [];
  const tagList = tags.data?.tags.edges.map((e) => e.node) || [];

  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  useEffect(() => setSelected(new Map()), [viewKey, after]);
  const [folderAction, setFolderAction] = useState<FolderAction | null>(null);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const [tagOpen, setTagOpen] = useState(false);
  const [dropError, setDropError] = useState<unknown>(null);

  const rows = videos.data?.videos.edges.map((e) => e.node) || [];
  const reload = () => Promise.all([videos.reload(), tree.reload()]);
  const toggle = (id: string, on: boolean) => {
    const next = new Map(selected);
    const v = rows.find((r) => r.id === id);
    if (on && v) next.set(id, v.title);
    else next.delete(id);
    setSelected(next);
  };
  const toggleAll = (on: boolean) => setSelected(on ? new Map(rows.map((r) => [r.id, r.title])) : new Map());

  const onDrop = async (d: TreeDrop) => {
    setDropError(null);
    const into = d.to ? folders.find((f) => f.id === d.to)?.name || 'the folder' : 'no folder';
    try {
      if (d.videos) {
        await gql('LibraryMoveVideos', { projectID, videoIDs: d.videos, folderID: d.to });
        toast(`${d.videos.length} video${d.videos.length === 1 ? '' : 's'} moved to ${into}`);
        setSelected(new Map());
      } else if (d.folder) {
        await gql('LibraryMoveFolder', { id: d.folder, toFolderID: d.to, projectID });
        toast(`Folder ${folders.find((f) => f.id === d.folder)?.name || ''} moved to ${d.to ? into : 'the top level'}`);
      }
      await reload();
    } catch (e) {
      setDropError(e);
    }
  };

  const chosenFolder = folders.find((f) => f.id === params.folder);
  const data = videos.data?.videos;
  return (
    <Page title="Library" actions={<>
      <Button onClick={() => setTagOpen(true)}>New tag</Button>
      <a class="btn btn-primary" href={paths.upload(projectID)}>Upload videos</a>
    </>}>
      <div class="library">
        <div class="library-side">
          <FolderPanel tree={folders} selected={params.folder} onSelect={(folder) => setParams({ folder })}
            onDrop={onDrop} onAction={setFolderAction} />
          <ErrorBox error={tree.error} />
        </div>
        <div class="library-main">
          <LibraryFilters params={params} set={setParams} tags={tagList} />
          <ErrorBox error={dropError} />
          <BulkBar count={selected.size} onAction={setBulkAction} onClear={() => setSelected(new Map())} />
          <Loaded q={videos}>{() => (
            <div aria-busy={videos.loading ? 'true' : undefined}>
              <ErrorBox error={videos.error} />
              {rows.length > 0 && <VideoTable projectID={projectID} videos={rows} selected={new Set(selected.keys())}
                onToggle={toggle} onToggleAll={toggleAll} />}
              {!rows.length && cursors.length === 1 && <EmptyLibrary projectID={projectID} params={params} folder={chosenFolder}
                onClear={() => setParams({ q: '', status: '', tag: '', folder: '' })} />}
              <Pager page={cursors.length} size={PAGE} shown={rows.length} total={data!.totalCount}
                hasNext={data!.pageInfo.hasNextPage}
                onNext={() => setPages({ key: viewKey, cursors: [...cursors, data!.pageInfo.endCursor] })}
                onPrevious={() => setPages({ key: viewKey, cursors: cursors.slice(0, -1) })} filtered={isFiltered(params)} />
            </div>
          )}</Loaded>
        </div>
      </div>
      <FolderDialogs projectID={projectID} tree={folders} action={folderAction} folder={chosenFolder}
        onClose={() => setFolderAction(null)}
        onDone={async (change) => {
          setFolderAction(null);
          if (change.deleted && change.deleted === params.folder) setParams({ folder: '' });
          await reload();
        }} />
      <BulkDialogs projectID={projectID} action={bulkAction} tree={folders} tags={tagList}
        picked={[...selected].map(([id, title]) => ({ id, title }))}
        onClose={() => setBulkAction(null)} onNewTag={() => { setBulkAction(null); setTagOpen(true); }}
        onDone={async (remaining) => {
          if (!remaining.length) setBulkAction(null);
          setSelected(new Map([...selected].filter(([id]) => remaining.includes(id))));
          await reload();
        }} />
      <NewTagDialog projectID={projectID} open={tagOpen} onClose={() => setTagOpen(false)}
        onCreated={() => { setTagOpen(false); tags.reload(); }} />
    </Page>
  );
}
