import "bootstrap/dist/css/bootstrap.min.css";
import "./app/app.css";
import "./lib/i18n";
import { StrictMode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter } from "react-router-dom";
import { FullScreenSpinner } from "./app/pages/full-screen-spinner";
import { createQueryClient } from "./lib/query-client";
import { routes } from "./app/routes";
import { configureKratos } from "./lib/kratos/client";
import { loadRuntimeConfig } from "./lib/runtime-config";
import { applyTheme } from "./lib/theme";

async function start(container: HTMLElement) {
  applyTheme(document.documentElement);
  const root = createRoot(container);
  root.render(<FullScreenSpinner />);
  configureKratos((await loadRuntimeConfig()).KRATOS_PUBLIC_URL);
  root.render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
void start(container);
