// Whether the side menu is collapsed. The user's choice is kept
// in localStorage under Collapsed; a narrow screen always starts collapsed,
// because an expanded menu would cover most of it. The server knows neither
// (it renders the verification page), so the menu starts expanded in its page
// and while the browser hydrates it, and takes its place right after.
import { useState } from "react";
import { readCollapsed, writeCollapsed } from "../../lib/storage";
import { narrowViewportQuery } from "../../lib/theme";
import { useHydrated } from "../../lib/use-hydrated";

export interface Collapsed {
  collapsed: boolean;
  /** The user's toggle, remembered for the next visit. */
  toggle: () => void;
  /** Folds the menu away without recording it as the user's choice. */
  collapse: () => void;
}

export function useCollapsed(): Collapsed {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<boolean>();
  const collapsed = chosen ?? (hydrated && (window.matchMedia(narrowViewportQuery).matches || readCollapsed() === true));
  return {
    collapsed,
    toggle() {
      writeCollapsed(!collapsed);
      setChosen(!collapsed);
    },
    collapse() {
      setChosen(true);
    },
  };
}
