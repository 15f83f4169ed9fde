// A node's own messages, right under its field, styled by Kratos' message type.
import type { UiText } from "@ory/client";

const classByType: Record<string, string> = {
  error: "invalid-feedback d-block",
  success: "valid-feedback d-block",
  info: "form-text",
};

export function NodeMessages({ id, messages }: { id: string; messages: readonly UiText[] }) {
  if (!messages.length) return null;
  return (
    <div id={id}>
      {messages.map((message) => (
        <div key={`${message.id}-${message.text}`} className={classByType[message.type] ?? "form-text"} data-message-type={message.type}>
          {message.text}
        </div>
      ))}
    </div>
  );
}

export function hasError(messages: readonly UiText[]): boolean {
  return messages.some((message) => message.type === "error");
}
