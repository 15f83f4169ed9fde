// /invitation: only an invitee opens it, once.
export { InvitationPage as default } from "../../features/invitation";
