// What the portal keeps in the browser's localStorage: whether the side menu
// is collapsed, under the key "Collapsed" (the name the product's spec gives
// it). Storage can be unavailable (disabled, private mode, quota); the portal
// then simply forgets the choice.
const collapsedKey = "Collapsed";

/** The stored side-menu choice, or undefined when the user never made one. */
export function readCollapsed(storage: Storage = localStorage): boolean | undefined {
  try {
    const value = storage.getItem(collapsedKey);
    if (value === "true") return true;
    if (value === "false") return false;
    return undefined;
  } catch {
    return undefined;
  }
}

export function writeCollapsed(collapsed: boolean, storage: Storage = localStorage): void {
  try {
    storage.setItem(collapsedKey, String(collapsed));
  } catch {
    // Not persisted; the menu still toggles for this visit.
  }
}
