// ui.tsx: the console's building blocks: page frame, form fields bound to API
// errors, buttons, tables, copy fields, toasts and the data hook. Every screen
// is made of these, so labels, focus and error announcements are the same
// everywhere (WCAG: each control labelled, errors tied to their field with
// aria-describedby, status changes announced through a live region).
import type { ButtonHTMLAttributes, ComponentChildren, PartialInputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError, gql, type Operation } from './api';
import { signal, useSignal } from './signal';

/** A screen's frame: its heading (the document title too) and actions. */
export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  useEffect(() => { document.title = `${props.title} · Vidra Studio`; }, [props.title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title" tabIndex={-1}>{props.title}</h1>
        {props.actions && <div class="page-actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

/** A labelled input; its error (an ApiError naming this field, or a message) is announced. */
export function Field(props: Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'list'> & { label: string; name: string; error?: unknown; hint?: string; list?: string }) {
  const { label, error, hint, ...input } = props;
  const id = useId();
  const message = fieldError(error, props.name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} {...(input as Record<string, unknown>)} aria-invalid={message ? 'true' : undefined}
        aria-describedby={message ? id + '-err' : hint ? id + '-hint' : undefined} />
      {hint && !message && <small id={id + '-hint'}>{hint}</small>}
      {message && <small id={id + '-err'} class="error-text">{message}</small>}
    </div>
  );
}

/** A labelled multi-line input; its error (an ApiError naming this field, or a message) is announced. */
export function TextArea(props: TextareaHTMLAttributes & { label: string; name: string; error?: unknown; hint?: string }) {
  const { label, error, hint, ...rest } = props;
  const id = useId();
  const message = fieldError(error, props.name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} rows={3} {...rest} aria-invalid={message ? 'true' : undefined}
        aria-describedby={message ? id + '-err' : hint ? id + '-hint' : undefined} />
      {hint && !message && <small id={id + '-hint'}>{hint}</small>}
      {message && <small id={id + '-err'} class="error-text">{message}</small>}
    </div>
  );
}

/** A labelled select. */
export function Select(props: SelectHTMLAttributes & { label: string; options: [string, string][] }) {
  const { label, options, ...rest } = props;
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...rest}>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </div>
  );
}

/** The message of an error when it concerns field (or when field is empty). */
export function fieldError(error: unknown, field: string): string {
  if (!error) return '';
  if (typeof error === 'string') return error;
  if (error instanceof ApiError && error.field && field && error.field.split('.').pop() === field) return error.message;
  return '';
}

/** An error not tied to one field, announced to screen readers. */
export function ErrorBox(props: { error: unknown; fields?: string[] }) {
  const e = props.error;
  if (!e) return null;
  if (e instanceof ApiError && e.field && props.fields?.includes(e.field.split('.').pop() || '')) return null;
  const msg = e instanceof Error ? e.message : String(e);
  return <p class="error-box" role="alert">{msg}</p>;
}

/** A button; busy disables it and says so. */
export function Button(props: ButtonHTMLAttributes & { busy?: boolean; kind?: 'primary' | 'danger' | 'plain' }) {
  const { busy, kind = 'plain', children, ...rest } = props;
  return (
    <button type="button" class={`btn btn-${kind}`} disabled={busy || (rest.disabled as boolean)} aria-busy={busy ? 'true' : undefined} {...rest}>
      {children}
    </button>
  );
}

/** A read-only value with a Copy button (embed code, stream keys, secrets). */
export function CopyField(props: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
    } catch {
      const el = document.getElementById(id) as HTMLInputElement | null;
      el?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    toast(`${props.label} copied`);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div class="field copy-field">
      <label for={id}>{props.label}</label>
      <div class="copy-row">
        {props.multiline
          ? <textarea id={id} readOnly rows={3} value={props.value} />
          : <input id={id} readOnly value={props.value} />}
        <Button onClick={copy} aria-label={`Copy ${props.label}`}>{copied ? 'Copied' : 'Copy'}</Button>
      </div>
    </div>
  );
}

/** The toasts: short confirmations read out by screen readers (role=status). */
const toasts = signal<{ id: number; text: string }[]>([]);
let toastID = 0;

/** Shows a confirmation for a few seconds. */
export function toast(text: string): void {
  const id = ++toastID;
  toasts.set([...toasts.get(), { id, text }]);
  setTimeout(() => toasts.set(toasts.get().filter((t) => t.id !== id)), 4000);
}

/** Where toasts appear. */
export function Toasts() {
  const list = useSignal(toasts);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((t) => <div key={t.id} class="toast">{t.text}</div>)}
    </div>
  );
}

/** The state of a query: its data, error and a reload function. */
export interface QueryState<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Runs a persisted query when vars change (compared as JSON), keeping the last data while reloading. */
export function useQuery<T = any>(name: Operation, vars: object = {}, skip = false): QueryState<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: !skip });
  const key = JSON.stringify(vars);
  const seq = useRef(0);
  const run = useCallback(async () => {
    if (skip) return;
    const n = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await gql<T>(name, JSON.parse(key));
      if (n === seq.current) setState({ data, error: null, loading: false });
    } catch (e) {
      if (n === seq.current) setState((s) => ({ data: s.data, error: e as ApiError, loading: false }));
    }
  }, [name, key, skip]);
  useEffect(() => { run(); }, [run]);
  return { ...state, reload: run };
}

/** A mutation's runner: run(vars) resolves to its data or null (its error is kept in error). */
export function useMutation<T = any>(name: Operation) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (vars: object = {}): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await gql<T>(name, vars);
    } catch (e) {
      setError(e);
      return null;
    } finally {
      setBusy(false);
    }
  }, [name]);
  return { run, busy, error, setError };
}

/** Loading and error states of a query, then its children. */
export function Loaded(props: { q: QueryState<any>; children: () => ComponentChildren }) {
  if (props.q.error && !props.q.data) return <ErrorBox error={props.q.error} />;
  if (!props.q.data) return <p class="muted" aria-busy="true">Loading…</p>;
  return <>{props.children()}</>;
}

/** A modal dialog (the native <dialog>: focus trapped, Escape closes). */
export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-label={props.title} onClose={props.onClose}>
      <h2>{props.title}</h2>
      {props.open && props.children}
    </dialog>
  );
}

/** A date and time in the reader's locale. */
export function when(t: string | null | undefined): string {
  if (!t) return '—';
  return new Date(t).toLocaleString();
}

/** A byte count as KB, MB or GB. */
export function bytes(n: number | null | undefined): string {
  if (n == null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${v.toFixed(i ? 1 : 0)} ${units[i]}`;
}

/** Seconds as h:mm:ss or m:ss. */
export function duration(s: number | null | undefined): string {
  if (s == null) return '—';
  const t = Math.round(s);
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return (h ? h + ':' : '') + mm + ':' + String(sec).padStart(2, '0');
}
