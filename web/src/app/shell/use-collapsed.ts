// Whether the side menu is folded. Two states fold it, and the stylesheet
// (app.scss) applies the one of the screen's width, so that the server's page
// is laid out as it stays:
// - on a wide screen, the reader's choice (menu-choice.ts), which the server
//   reads from its cookie before it renders;
// - on a narrow screen the menu is folded, as an expanded one would cover most
//   of the page, unless the reader opened it over the page: for the moment
//   only, as following a link folds it again.
// The app learns the width once it runs (useMediaQuery), for what a folded
// menu changes in behaviour: the toggle's name and what it does, and the
// icons' tooltips.
import { useEffect, useState } from "react";
import { narrowViewportQuery } from "../../lib/theme";
import { chooseMenuCollapsed, syncStoredChoice, useMenuCollapsed } from "./menu-choice";
import { useMediaQuery } from "./use-media-query";

export interface MenuFold {
  /** The reader's choice for a wide screen (the class shell--collapsed). */
  collapsed: boolean;
  /** Opened over the page on a narrow screen (the class shell--open). */
  open: boolean;
  /** Whether the menu shows folded on this screen; as `collapsed` until the app knows the width. */
  folded: boolean;
  /** The header's button: on a wide screen a choice that is kept, on a narrow one opens or closes the menu. */
  toggle: () => void;
  /** Folds a menu opened on a narrow screen, after a link was followed. */
  close: () => void;
}

export function useCollapsed(): MenuFold {
  const collapsed = useMenuCollapsed();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(narrowViewportQuery);
  useEffect(() => syncStoredChoice(), []);
  return {
    collapsed,
    open,
    folded: narrow ? !open : collapsed,
    toggle() {
      if (narrow) setOpen(!open);
      else chooseMenuCollapsed(!collapsed);
    },
    close() {
      setOpen(false);
    },
  };
}
