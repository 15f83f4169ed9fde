// An application's own URLs (client_uri, logo_uri) are set by whoever
// registered it: only http(s) ones become links or images, never javascript:.
export function webUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
