// /changepwd: the password and backup codes forms of the settings flow.
export { ChangePasswordPage as default } from "../../features/settings";
