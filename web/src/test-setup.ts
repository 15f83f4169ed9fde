// Every unit test renders with the portal's English catalogs, as the app does
// (the admins' texts included, which the app loads with the admins' pages).
import { loadAdminTexts, loadLanguage } from "./lib/i18n";

await loadLanguage("en");
await loadAdminTexts("en");
