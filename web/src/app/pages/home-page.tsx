// The home page is Account Settings' address: the server answers it with a
// redirect there (contract/pages.ts), and the app does the same.
import { Navigate } from "react-router-dom";
import { pageFacts } from "#contract/pages.js";

export function HomePage() {
  return <Navigate to={pageFacts.home.opens} replace />;
}
