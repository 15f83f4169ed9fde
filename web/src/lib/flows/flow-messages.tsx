// The flow's own messages (ui.messages): what happened to the form as a whole.
import type { UiText } from "@ory/client-fetch";
import Alert from "react-bootstrap/Alert";
import { useKratosText } from "../i18n/kratos-text";

const variantByType: Record<string, string> = { error: "danger", success: "success", info: "info" };

/** `group`: the catalog's wording for this page's case where it has one (locales/en/kratos.ts, e.g. `invitation`). */
export function FlowMessages({ messages, group }: { messages: readonly UiText[] | undefined; group?: string }) {
  const text = useKratosText();
  if (!messages?.length) return null;
  return (
    <div className="flow-messages">
      {messages.map((message) => (
        <Alert
          key={`${message.id}-${message.text}`}
          variant={variantByType[message.type] ?? "info"}
          className="py-2 small"
          data-message-type={message.type}
          role={message.type === "error" ? "alert" : "status"}
        >
          {text(message, group)}
        </Alert>
      ))}
    </div>
  );
}
