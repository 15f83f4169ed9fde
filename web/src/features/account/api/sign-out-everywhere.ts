// "This wasn't me": ends every other session through Kratos (DELETE /sessions), before the password changes.
import { useMutation } from "@tanstack/react-query";
import { kratos } from "../../../lib/kratos/client";

export async function signOutEverywhereElse(): Promise<void> {
  await kratos().disableMyOtherSessions();
}

export const useSignOutEverywhereElse = () => useMutation({ mutationFn: signOutEverywhereElse });
