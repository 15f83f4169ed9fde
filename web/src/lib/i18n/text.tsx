// The texts components read: react-i18next's useTranslation, called once for
// the whole app (TextProvider, around it in app-root.tsx) and handed down.
// react-i18next 17 gives each component that calls the hook a copy of the
// i18next instance, made as it first renders: on the server, where every
// render is a first one, those copies (some fifty on /login) were a third
// of a page's render, and the browser makes them again as it hydrates. Its
// release 18 no longer copies, but wants Node 22. A change of language gives
// the hook, so the context, a new `t`: every component that reads it renders
// anew, as each one's own hook made it do.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTranslation, type UseTranslationResponse } from "react-i18next";

interface Texts {
  /** The portal's own texts (the catalog's `translation`, and the admins' texts once loaded). */
  t: UseTranslationResponse<"translation", undefined>["t"];
  /** Kratos' texts by message id (kratos-text.ts). */
  kratosT: UseTranslationResponse<"kratos", undefined>["t"];
  i18n: UseTranslationResponse<"translation", undefined>["i18n"];
}

const TextContext = createContext<Texts | undefined>(undefined);

export function TextProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { t: kratosT } = useTranslation("kratos");
  const texts = useMemo(() => ({ t, kratosT, i18n }), [t, kratosT, i18n]);
  return <TextContext.Provider value={texts}>{children}</TextContext.Provider>;
}

/** The page's texts in its language; only inside TextProvider. */
export function useText(): Texts {
  const texts = useContext(TextContext);
  if (!texts) throw new Error("useText() is used outside TextProvider");
  return texts;
}
