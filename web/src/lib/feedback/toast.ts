// How a page confirms that something worked: a toast at the top right that
// closes by itself after 1000 ms (the product's spec). The provider lives in the app
// shell. Failures are never told only here: they stay where the user acted.
import { createContext, useContext } from "react";

export type ToastVariant = "success" | "info";

export interface ToastApi {
  show: (message: string, variant?: ToastVariant) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs the app's ToastContext provider");
  return api;
}
