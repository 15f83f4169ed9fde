// The page of a security mail's undo link: what it reverts, and confirming.
export { UndoPage } from "./pages/undo-page";
