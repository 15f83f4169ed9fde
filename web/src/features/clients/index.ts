// Manage Clients, which the router mounts for admins.
export { ManageClientsPage } from "./pages/manage-clients-page";
