// A node's own messages, right under its field, styled by Kratos' message type.
import type { UiText } from "@ory/client-fetch";
import { useKratosText } from "../../i18n/kratos-text";

const classByType: Record<string, string> = {
  error: "invalid-feedback d-block",
  success: "valid-feedback d-block",
  info: "form-text",
};

export function NodeMessages({ id, messages }: { id: string; messages: readonly UiText[] }) {
  const text = useKratosText();
  if (!messages.length) return null;
  return (
    <div id={id}>
      {messages.map((message) => (
        <div key={`${message.id}-${message.text}`} className={classByType[message.type] ?? "form-text"} data-message-type={message.type}>
          {text(message)}
        </div>
      ))}
    </div>
  );
}

export function hasError(messages: readonly UiText[]): boolean {
  return messages.some((message) => message.type === "error");
}
