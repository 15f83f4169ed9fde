// /manage-clients, for admins.
export { ManageClientsPage as default } from "../../features/clients";
