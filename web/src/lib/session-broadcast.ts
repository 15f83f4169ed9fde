// Signing out in one tab of the portal takes the others to /login: the tab
// that ends the session says so on a BroadcastChannel; every other tab of
// the same origin hears it at once. (A tab that missed it, or a browser
// without BroadcastChannel, finds out on its next focus: app/session.)
const channelName = "account-portal-session";
const signedOut = "signed-out";

const channel = (): BroadcastChannel | undefined => ("BroadcastChannel" in window ? new BroadcastChannel(channelName) : undefined);

/** Tells the portal's other tabs that the session ended. */
export function announceSignedOut(): void {
  const sender = channel();
  sender?.postMessage(signedOut);
  sender?.close();
}

/** Calls the listener when another tab ends the session; returns the unsubscribe. */
export function onSignedOutElsewhere(listener: () => void): () => void {
  const receiver = channel();
  if (!receiver) return () => undefined;
  receiver.onmessage = (event: MessageEvent) => {
    if (event.data === signedOut) listener();
  };
  return () => receiver.close();
}
