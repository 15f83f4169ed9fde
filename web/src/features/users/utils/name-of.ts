// How a person is named in the page's sentences and confirmations: their name and address, or the address alone.
import type { User } from "../api/user-types";

export const nameOf = (user: Pick<User, "name" | "email">): string => (user.name ? `${user.name} (${user.email})` : user.email);
