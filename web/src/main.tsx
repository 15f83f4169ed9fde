import "bootstrap/dist/css/bootstrap.min.css";
import "./app/app.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { FullScreenSpinner } from "./app/pages/full-screen-spinner";
import { routes } from "./app/routes";
import { configureKratos } from "./lib/kratos/client";
import { loadRuntimeConfig } from "./lib/runtime-config";
import { applyTheme } from "./lib/theme";

/** A /config.json that never answers falls back like one that fails, instead of spinning forever. */
const configTimeoutMs = 5000;

async function start(container: HTMLElement) {
  applyTheme(document.documentElement);
  const root = createRoot(container);
  root.render(<FullScreenSpinner />);
  const config = await loadRuntimeConfig((input, init) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(configTimeoutMs) }),
  );
  configureKratos(config.KRATOS_PUBLIC_URL);
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
