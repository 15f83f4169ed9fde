// A list of invitations (Manage Users' "Invite a list"): the server's check and the page that reads the CSV agree on
// its size.

/** The most rows a list of invitations may have. */
export const invitationListMax = 500;
