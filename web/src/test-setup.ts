// Every unit test renders with the portal's English catalog, as the app does.
import { loadLanguage } from "./lib/i18n";

await loadLanguage("en");
