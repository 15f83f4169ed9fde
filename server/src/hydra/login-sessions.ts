// Hydra's login sessions of one subject (admin API): ending them means Hydra
// asks the user to sign in again instead of remembering them.
import type { OAuth2Api } from "@ory/client";
import { callUpstream } from "../upstream/call.js";

export interface HydraLoginSessions {
  /** Ends every login session of the subject; none left is done too. */
  revoke(subject: string): Promise<void>;
}

export function hydraLoginSessions(api: OAuth2Api): HydraLoginSessions {
  return {
    revoke: (subject) =>
      callUpstream(
        "hydra",
        "revokeOAuth2LoginSessions",
        async () => {
          await api.revokeOAuth2LoginSessions({ subject });
        },
        { 404: () => undefined },
      ),
  };
}
