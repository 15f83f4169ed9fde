// Toasts any page can raise through useToast(): top right, each closing by
// itself after 1000 ms (the product's spec), but not while the pointer is over
// it (WCAG 2.2.1): leaving it gives it the whole delay again. They confirm what
// worked; failures are told where the user acted. A toast is a status message
// (role=status, WCAG 4.1.3): read out politely, after what the reader is doing,
// and never focused.
import { cloneElement, forwardRef, useMemo, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import Toast from "react-bootstrap/Toast";
import ToastContainer from "react-bootstrap/ToastContainer";
import ToastFade from "react-bootstrap/ToastFade";
import { ToastContext, type ToastApi, type ToastVariant } from "../../lib/feedback/toast";

export const toastDelayMs = 1000;

interface ShownToast {
  id: number;
  message: string;
  variant: ToastVariant;
  show: boolean;
}

/** Each background's text colour, the same in both themes: the backgrounds do not change with the theme. */
const textOn: Record<ToastVariant, string> = { success: "text-white", info: "text-dark" };

/**
 * react-bootstrap's fade, around a toast that says it is a status: its Toast writes role=alert and aria-live=assertive
 * after the props it is given, so only the transition that wraps its element can say otherwise.
 */
type FadeProps = ComponentProps<typeof ToastFade>;
const StatusFade = forwardRef<NonNullable<FadeProps["ref"]> extends React.Ref<infer T> ? T : never, FadeProps>(
  ({ children, ...props }, ref) => (
    <ToastFade {...props} ref={ref}>
      {cloneElement(children as ReactElement<Record<string, string>>, { role: "status", "aria-live": "polite" })}
    </ToastFade>
  ),
);
StatusFade.displayName = "StatusFade";

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const lastId = useRef(0);
  const api = useMemo<ToastApi>(
    () => ({
      show(message, variant = "success") {
        lastId.current += 1;
        const toast = { id: lastId.current, message, variant, show: true };
        setToasts((current) => [...current, toast]);
      },
    }),
    [],
  );
  // Hiding first and removing after the fade keeps the close animated.
  const hide = (id: number) => setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, show: false } : toast)));
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 && (
        // Rendered only while a toast shows: the empty padded box would cover the header's corner.
        <ToastContainer position="top-end" containerPosition="fixed" className="p-3">
          {toasts.map((toast) => (
            <TimedToast key={toast.id} toast={toast} onHide={() => hide(toast.id)} onRemove={() => remove(toast.id)} />
          ))}
        </ToastContainer>
      )}
    </ToastContext.Provider>
  );
}

/** One toast, held while the pointer is over it: react-bootstrap's Toast restarts its timer whenever autohide changes. */
function TimedToast({ toast, onHide, onRemove }: { toast: ShownToast; onHide: () => void; onRemove: () => void }) {
  const [pointerOver, setPointerOver] = useState(false);
  return (
    <Toast
      show={toast.show}
      bg={toast.variant}
      transition={StatusFade}
      autohide={!pointerOver}
      delay={toastDelayMs}
      onClose={onHide}
      onExited={onRemove}
      onMouseEnter={() => setPointerOver(true)}
      onMouseLeave={() => setPointerOver(false)}
    >
      <Toast.Body className={textOn[toast.variant]}>{toast.message}</Toast.Body>
    </Toast>
  );
}
