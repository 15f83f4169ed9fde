// How any page raises a toast or opens the global modal. The providers live in
// the app shell (app/); pages only see these hooks.
import { createContext, useContext, type ReactNode } from "react";

export type ToastVariant = "success" | "danger" | "info" | "warning";

export interface ToastApi {
  /** Shows a toast at the top right; it closes by itself after 1000 ms (spec §9). */
  show(message: string, variant?: ToastVariant): void;
}

export interface ModalOptions {
  title: string;
  body: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Without a confirm handler the modal shows a single close button. */
  onConfirm?: () => void;
  onCancel?: () => void;
}

export interface ModalApi {
  open(options: ModalOptions): void;
  close(): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
export const ModalContext = createContext<ModalApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() needs the app's ToastContext provider");
  return api;
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModal() needs the app's ModalContext provider");
  return api;
}
