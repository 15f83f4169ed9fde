// Manage Users, which the router mounts for admins: the search and one person's page.
export { ManageUsersPage } from "./pages/manage-users-page";
export { UserPage } from "./pages/user-page";
