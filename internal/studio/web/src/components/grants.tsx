// grants.tsx: the permission grants of an API key or an invited member, in the
// two forms the API accepts (docs/spec.md 2.3, 2.4): for all projects, the map
// form {"folders.read": true, ...}; for one project, the array of grants naming
// it (project areas in a custom grant, billing and api as organization grants).
import { useId, useState } from 'preact/hooks';
import { currentOrganization } from '../session';
import { Select, useQuery } from '../ui';

const actions = ['read', 'write', 'delete'] as const;

/** The areas a grant covers, with what each means. */
const areas: { key: string; label: string; org?: boolean }[] = [
  { key: 'projects', label: 'Project records (name, description, deletion)' },
  { key: 'folders', label: 'Folders and videos (captions, chapters, tags, uploads)' },
  { key: 'livestreams', label: 'Live streams' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'advertisements', label: 'Advertisements' },
  { key: 'settings', label: 'Settings (players, access control, webhooks)' },
  { key: 'billing', label: 'Billing (organization)', org: true },
  { key: 'api', label: 'API keys (organization)', org: true },
];

/** The checked boxes: "area.action" → true. */
export type GrantChoice = { scope: string; checked: Record<string, boolean> };

/** A grid of area × action checkboxes and the projects they apply to. */
export function GrantsEditor(props: { value: GrantChoice; onChange: (v: GrantChoice) => void }) {
  const id = useId();
  const projects = useQuery<{ projects: { edges: { node: { id: string; name: string } }[] } }>('Projects');
  const list = projects.data?.projects.edges.map((e) => e.node) || [];
  const set = (key: string, on: boolean) => props.onChange({ ...props.value, checked: { ...props.value.checked, [key]: on } });
  return (
    <fieldset class="grants">
      <legend>Permissions</legend>
      <Select label="Applies to" value={props.value.scope} onChange={(e) => props.onChange({ ...props.value, scope: (e.target as HTMLSelectElement).value })}
        options={[['', 'Every project of the organization'], ...list.map((p): [string, string] => [p.id, `Project ${p.name} only`])]} />
      <table class="grants-grid">
        <caption class="muted">What it may do: nothing unless checked.</caption>
        <thead><tr><th scope="col">Area</th>{actions.map((a) => <th key={a} scope="col">{a[0].toUpperCase() + a.slice(1)}</th>)}</tr></thead>
        <tbody>
          {areas.map((area) => (
            <tr key={area.key}>
              <th scope="row" id={`${id}-${area.key}`}>{area.label}</th>
              {actions.map((a) => {
                const key = `${area.key}.${a}`;
                return (
                  <td key={a}>
                    <input type="checkbox" checked={!!props.value.checked[key]} aria-label={`${area.label}: ${a}`}
                      onChange={(e) => set(key, (e.target as HTMLInputElement).checked)} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}

/** A fresh, empty choice. */
export function useGrantChoice(initial: Record<string, boolean> = {}) {
  return useState<GrantChoice>({ scope: '', checked: initial });
}

function joined(checked: Record<string, boolean>, area: string): string {
  return actions.filter((a) => checked[`${area}.${a}`]).join('+');
}

/** The permissions value the API takes for a choice: the map form (as a string) or the array form. */
export function grantsInput(choice: GrantChoice): unknown {
  if (!choice.scope) {
    const map: Record<string, boolean> = {};
    for (const [k, on] of Object.entries(choice.checked)) if (on) map[k] = true;
    return JSON.stringify(map);
  }
  const grants: unknown[] = [];
  const permission = areas.filter((a) => !a.org && a.key !== 'projects')
    .map((a) => ({ name: a.key, action: joined(choice.checked, a.key) }))
    .filter((p) => p.action);
  const projectAction = joined(choice.checked, 'projects');
  if (projectAction || permission.length) {
    grants.push({ entity_type: 'projects', entity_id: choice.scope, name: 'custom', action: projectAction, permission });
  }
  for (const a of areas.filter((x) => x.org)) {
    const action = joined(choice.checked, a.key);
    if (action) grants.push({ entity_type: 'organizations', entity_id: currentOrganization(), name: a.key, action, permission: [] });
  }
  return grants;
}

interface WireGrant {
  entity_type: string; entity_id: string; name: string; action: string;
  permission?: { name: string; action: string; folders?: { folder_id: string; action: string }[] }[];
}

/** Grants (the array form the API shows) in words, one line each. */
export function grantLines(permissions: unknown, projectName: (id: string) => string = (id) => id): string[] {
  if (!Array.isArray(permissions) || !permissions.length) return [];
  return (permissions as WireGrant[]).map((g) => {
    if (g.entity_type === 'organizations') return `Organization ${g.name}: ${g.action}`;
    const where = g.entity_id ? `Project ${projectName(g.entity_id)}` : 'Every project';
    const parts = [];
    if (g.action) parts.push(`records ${g.action}`);
    for (const p of g.permission || []) {
      parts.push(p.action === 'custom' ? `${p.name} in ${p.folders?.length || 0} folder(s)` : `${p.name} ${p.action}`);
    }
    return `${where}: ${parts.join(', ')}`;
  });
}

/** The grants as a list, or "None". */
export function GrantList(props: { permissions: unknown; none?: string }) {
  const lines = grantLines(props.permissions);
  if (!lines.length) return <span class="muted">{props.none ?? 'None'}</span>;
  return <ul class="grant-list">{lines.map((l) => <li key={l}>{l}</li>)}</ul>;
}

/**
 * Grants as the API showed them (array form), in a form it accepts back: the
 * array when every grant names its entity, else the map form (organization-wide
 * grants come from it and are shown with an empty entity_id, which the array
 * form refuses).
 */
export function reusableGrants(permissions: unknown): unknown {
  if (!Array.isArray(permissions)) return permissions;
  const grants = permissions as WireGrant[];
  if (grants.every((g) => g.entity_id)) return grants;
  const map: Record<string, boolean> = {};
  const each = (area: string, action: string) => action.split('+').filter(Boolean).forEach((a) => { map[`${area}.${a}`] = true; });
  for (const g of grants) {
    if (g.entity_type === 'organizations') each(g.name, g.action);
    else {
      each('projects', g.action);
      for (const p of g.permission || []) if (p.action !== 'custom') each(p.name, p.action);
    }
  }
  return JSON.stringify(map);
}

/**
 * The grid's choice for grants as the API shows them (array form), and
 * whether the grid can hold them exactly: grants naming several projects, or
 * folders one by one, are more than it shows (saving replaces them).
 */
export function choiceFromGrants(permissions: unknown): { choice: GrantChoice; exact: boolean } {
  const checked: Record<string, boolean> = {};
  if (!Array.isArray(permissions)) return { choice: { scope: '', checked }, exact: true };
  const grants = permissions as WireGrant[];
  const projects = new Set(grants.filter((g) => g.entity_type !== 'organizations').map((g) => g.entity_id || ''));
  const each = (area: string, action: string) => action.split('+').filter(Boolean).forEach((a) => { checked[`${area}.${a}`] = true; });
  let exact = projects.size <= 1;
  for (const g of grants) {
    if (g.entity_type === 'organizations') { each(g.name, g.action); continue; }
    each('projects', g.action);
    for (const p of g.permission || []) {
      if (p.action === 'custom') exact = false;
      else each(p.name, p.action);
    }
  }
  return { choice: { scope: projects.size === 1 ? [...projects][0] : '', checked }, exact };
}
