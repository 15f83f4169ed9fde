// Whether the side menu is collapsed. The user's choice is kept
// in localStorage under Collapsed; a narrow screen always starts collapsed,
// because an expanded menu would cover most of it.
import { useState } from "react";
import { readCollapsed, writeCollapsed } from "../../lib/storage";
import { narrowViewportQuery } from "../../lib/theme";

export interface Collapsed {
  collapsed: boolean;
  /** The user's toggle, remembered for the next visit. */
  toggle: () => void;
  /** Folds the menu away without recording it as the user's choice. */
  collapse: () => void;
}

export function useCollapsed(): Collapsed {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(narrowViewportQuery).matches || readCollapsed() === true);
  return {
    collapsed,
    toggle() {
      writeCollapsed(!collapsed);
      setCollapsed(!collapsed);
    },
    collapse() {
      setCollapsed(true);
    },
  };
}
