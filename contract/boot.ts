// The element of index.html in which the app page (server/src/routes/app-page.ts)
// puts the app's start-up data (schemas/app-page.ts), and the app reads it.
export const bootElementId = "portal-boot";
