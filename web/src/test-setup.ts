// Every unit test renders with the portal's English catalogs, as the app does
// (the admins' texts included, which the app loads with the admins' pages).
//
// A page the app loads on demand is compiled by Vite the first time a test
// imports it, which takes seconds on a busy 2-core machine: Testing Library's
// one-second wait for what appears (and Vitest's five seconds a test) measured
// the machine, not the app, and failed now and then (shell.test.tsx,
// client-form-dialog.test.tsx). What a person waits for is still awaited; only
// the patience is the machine's.
import { configure } from "@testing-library/react";
import { loadAdminTexts, loadLanguage } from "./lib/i18n";

configure({ asyncUtilTimeout: 10_000 });

await loadLanguage("en");
await loadAdminTexts("en");
