// signal.ts: a value screens subscribe to (useSignal re-renders on change). A
// dozen lines rather than @preact/signals: the console holds two such values
// (the session and the toasts), and needs none of its fine-grained rendering.
import { useEffect, useState } from 'preact/hooks';

/** A value with listeners. */
export interface Signal<T> {
  get(): T;
  set(v: T): void;
  subscribe(fn: (v: T) => void): () => void;
}

/** Makes a signal holding initial. */
export function signal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  return {
    get: () => value,
    set(v) {
      value = v;
      listeners.forEach((fn) => fn(v));
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** The signal's value, re-rendering the component when it changes. */
export function useSignal<T>(s: Signal<T>): T {
  const [v, setV] = useState(s.get());
  useEffect(() => s.subscribe(setV), [s]);
  return v;
}
