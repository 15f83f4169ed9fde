// Every unit test renders with the portal's catalog, as the app does.
import "./lib/i18n";
