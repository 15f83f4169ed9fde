// /manage-users/user, for admins: one person's page.
export { UserPage as default } from "../../features/users";
