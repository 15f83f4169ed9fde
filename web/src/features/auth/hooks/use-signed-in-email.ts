// Kratos 1.3's refresh flow comes with an empty identifier field (the code
// method replaces the hidden one the password method sets), so the page fills
// in the signed-in address for the user.
import { useQuery } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";

async function signedInEmail(): Promise<string | null> {
  const data = await kratos().toSession();
  const traits = data.identity?.traits as { email?: unknown } | undefined;
  return typeof traits?.email === "string" ? traits.email : null;
}

export function useSignedInEmail(enabled: boolean): string | undefined {
  // Without a session (an error) there is nothing to fill in; the user types the address.
  const { data } = useQuery({ queryKey: ["kratos", "session-email"], queryFn: signedInEmail, enabled, gcTime: 0 });
  return data ?? undefined;
}
