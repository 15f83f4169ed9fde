// Active sessions: where the user is signed in, and signing the others out.
export { SessionsCard } from "./components/sessions-card";
