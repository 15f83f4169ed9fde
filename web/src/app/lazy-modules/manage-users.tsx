// /manage-users, for admins: the search.
export { ManageUsersPage as default } from "../../features/users";
