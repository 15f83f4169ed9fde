// The shell (header, side menu) around the signed-in pages.
export { ShellLayout as default } from "../shell/shell-layout";
