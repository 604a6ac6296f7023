// settings.tsx: a project's settings: name and description, automatic
// captions, downloads made for every video, playback access, encoding,
// players, advertisements, and deleting the project.
import { useProjectID } from '../app';
import { Loaded, Page, useQuery } from '../ui';
import { AccessCard } from '../components/account/settings-access';
import { AdsCard } from '../components/account/settings-ads';
import { DeleteProjectCard } from '../components/account/settings-delete';
import { EncodingCard, type EncodingData } from '../components/account/settings-encoding';
import { CaptionsCard, GeneralCard, StaticRenditionsCard, type SettingsProject } from '../components/account/settings-general';
import { PlayersCard } from '../components/account/settings-players';

/** The Settings screen (/studio/projects/:project/settings). */
export function Settings() {
  const projectID = useProjectID();
  const q = useQuery<{ project: SettingsProject; service: { captionEngine: string } }>('SettingsProject', { id: projectID });
  const encoding = useQuery<EncodingData>('SettingsEncoding', { projectID });
  const heights = (encoding.data?.effectiveEncodingLadder || []).map((r) => r.height);
  return (
    <Page title="Settings">
      <Loaded q={q}>{() => {
        const p = q.data!.project;
        return (
          <div class="account-stack">
            <GeneralCard key={p.name + p.description} project={p} onSaved={q.reload} />
            <CaptionsCard key={p.autoCaptionsLanguage} project={p} engine={q.data!.service.captionEngine} onSaved={q.reload} />
            <StaticRenditionsCard project={p} heights={heights} onSaved={q.reload} />
            <AccessCard projectID={projectID} />
            <EncodingCard projectID={projectID} q={encoding} />
            <PlayersCard projectID={projectID} />
            <AdsCard projectID={projectID} />
            <DeleteProjectCard projectID={projectID} name={p.name} />
          </div>
        );
      }}</Loaded>
    </Page>
  );
}
