// Many people at once: one action for each selected person, one after the
// other, through the same /api routes as a person's page (so the server's
// rules hold for each: the admin role and second factor, the last-admin rule,
// the admin's action limit, the audit trail per person), and an outcome for
// each person that the page lists.
import { ApiError } from "../../../lib/api-client";
import { deleteUser } from "../api/delete-user";
import { resendInvitation } from "../api/resend-invitation";
import { revokeSessions } from "../api/revoke-sessions";
import { setState } from "../api/set-state";

export const bulkActions = ["deactivate", "reactivate", "signOut", "resendInvitation", "delete"] as const;
export type BulkAction = (typeof bulkActions)[number];

const calls: Record<BulkAction, (id: string) => Promise<unknown>> = {
  deactivate: (id) => setState({ id, state: "inactive" }),
  reactivate: (id) => setState({ id, state: "active" }),
  signOut: revokeSessions,
  resendInvitation,
  delete: deleteUser,
};

export interface Person {
  id: string;
  email: string;
}

export type Outcome = { person: Person; done: true } | { person: Person; done: false; error: unknown };

/** Each person in turn; `progress` hears how many are done. Stops early when the server says to wait (the action limit). */
export async function runBulk(action: BulkAction, people: readonly Person[], progress: (done: number) => void): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const person of people) {
    const previous = outcomes.at(-1);
    if (previous && !previous.done && previous.error instanceof ApiError && previous.error.status === 429) {
      outcomes.push({ person, done: false, error: previous.error });
    } else {
      try {
        await calls[action](person.id);
        outcomes.push({ person, done: true });
      } catch (error) {
        outcomes.push({ person, done: false, error });
      }
    }
    progress(outcomes.length);
  }
  return outcomes;
}
