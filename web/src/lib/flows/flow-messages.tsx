// The flow's own messages (ui.messages): what happened to the form as a whole.
import type { UiText } from "@ory/client-fetch";
import Alert from "react-bootstrap/Alert";
import { useKratosText } from "../i18n/kratos-text";
import { textIds } from "../kratos/text-ids";

const variantByType: Record<string, string> = { error: "danger", success: "success", info: "info" };

export interface FlowMessagesProps {
  messages: readonly UiText[] | undefined;
  /** The catalog's wording for this page's case where it has one (locales/en/kratos.ts, e.g. `invitation`). */
  group?: string;
  /** What was saved, said in place of Kratos' generic "Your changes are saved." (1050001). */
  saved?: string;
}

export function FlowMessages({ messages, group, saved }: FlowMessagesProps) {
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
          {message.id === textIds.settingsSaved && saved !== undefined ? saved : text(message, group)}
        </Alert>
      ))}
    </div>
  );
}
