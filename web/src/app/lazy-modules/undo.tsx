// /undo: only the holder of a security mail's undo link opens it, once.
export { UndoPage as default } from "../../features/undo";
