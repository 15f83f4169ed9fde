// Signing out in one tab of the portal takes the others to /login: the tab
// that ends the session says so on a BroadcastChannel; every other tab of
// the same origin hears it at once. (A tab that missed it, or a browser
// without BroadcastChannel, finds out on its next focus: app/session.)
const channelName = "account-portal-session";
const signedOut = "signed-out";

/**
 * One channel per tab for sending and hearing: a channel never hears its own
 * messages, so the tab that signs out goes where it meant to, not to /login.
 */
let channel: BroadcastChannel | null | undefined;
function tabChannel(): BroadcastChannel | null {
  channel ??= "BroadcastChannel" in window ? new BroadcastChannel(channelName) : null;
  return channel;
}

/** Tells the portal's other tabs that the session ended. */
export function announceSignedOut(): void {
  tabChannel()?.postMessage(signedOut);
}

/** Calls the listener when another tab ends the session; returns the unsubscribe. */
export function onSignedOutElsewhere(listener: () => void): () => void {
  const receiver = tabChannel();
  if (!receiver) return () => undefined;
  const hear = (event: MessageEvent) => {
    if (event.data === signedOut) listener();
  };
  receiver.addEventListener("message", hear);
  return () => receiver.removeEventListener("message", hear);
}
