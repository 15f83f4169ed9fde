// A value kept outside React that hooks read with useSyncExternalStore: who
// follows it (subscribe, for the hook) and telling them it changed (notify).
export interface ChangeSignal {
  readonly subscribe: (listener: () => void) => () => void;
  readonly notify: () => void;
}

export function changeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}
