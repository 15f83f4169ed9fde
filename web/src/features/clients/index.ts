// Manage Clients, which the router mounts for admins.
export { ManageClientsPage } from "./manage-clients-page";
