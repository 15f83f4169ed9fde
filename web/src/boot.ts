// What index.html loads: the stylesheets, then the app once the page has
// painted. The server's page is drawn and works before any script (its forms
// post as they are), so the app's code must not come first: a module script
// of index.html runs before the browser's first paint, and the app's (React,
// the router, the catalogs: most of what the sign-in page weighs) held that
// paint back on a fast link and shared a slow link with the stylesheet. Here
// the browser paints, then fetches and runs the app, which hydrates the page.
import "./app/bootstrap.scss";
import "./app/app.scss";
import "virtual:theme.css";

// A page that code which failed to load leaves behind is the server's, working without script: nothing to add.
const startApp = () => void import("./main").catch(() => undefined);

// A frame's callbacks run before its paint, a task queued from one after it. A page opened in a background tab
// paints no frame until shown: it starts at once.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(startApp));
else startApp();
