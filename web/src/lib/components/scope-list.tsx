// OAuth2 scopes as what the application may do once the user allows it, for
// the consent page and Connected apps. A scope the portal has no words for
// shows as itself.
import { useText } from "../i18n/text";
import { app as en } from "#locales/en/app.js";

const isDescribed = (scope: string): scope is keyof typeof en.scopes => Object.hasOwn(en.scopes, scope);

export function ScopeList({ scopes, className, labelledBy }: { scopes: readonly string[]; className?: string; labelledBy?: string }) {
  const { t } = useText();
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {scopes.map((scope) => (
        <li key={scope}>{isDescribed(scope) ? t(`scopes.${scope}`) : <code>{scope}</code>}</li>
      ))}
    </ul>
  );
}
