// The browser's localStorage keys of spec §9. Storage can be unavailable
// (disabled, private mode, quota); the portal then simply forgets the choice.
export const storageKeys = {
  collapsed: "Collapsed",
  /** Defined by spec §9; nothing reads or writes it yet. */
  recovery: "Recovery",
} as const;

/** The stored side-menu choice, or undefined when the user never made one. */
export function readCollapsed(storage: Storage = localStorage): boolean | undefined {
  try {
    const value = storage.getItem(storageKeys.collapsed);
    if (value === "true") return true;
    if (value === "false") return false;
    return undefined;
  } catch {
    return undefined;
  }
}

export function writeCollapsed(collapsed: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKeys.collapsed, String(collapsed));
  } catch {
    // Not persisted; the menu still toggles for this visit.
  }
}
