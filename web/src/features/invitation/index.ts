// The invitee's page: the mailed invitation link, welcomed and accepted.
export { InvitationPage } from "./pages/invitation-page";
