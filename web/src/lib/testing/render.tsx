// Testing Library's render, with what the app puts around every component
// (app-root.tsx) that a component cannot do without: its texts
// (TextProvider). Tests take render from here, the rest of Testing Library
// from Testing Library.
import { render as renderAlone, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { TextProvider } from "../i18n/text";

export function render(ui: ReactElement, options?: RenderOptions) {
  return renderAlone(ui, { wrapper: TextProvider, ...options });
}
