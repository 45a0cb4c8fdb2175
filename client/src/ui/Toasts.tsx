import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

export type ToastVariant = 'success' | 'warning' | 'danger' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast hides itself; 5000 unless told. */
  duration?: number;
}

interface ShownToast extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

export const DEFAULT_TOAST_DURATION = 5000;

const bodyClass: Record<ToastVariant, string> = {
  success: 'text-white',
  danger: 'text-white',
  warning: 'text-dark',
  info: 'text-dark',
};

/** One toast stack for the whole app, top-end, each toast closable. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((options) => {
    const id = nextId.current++;
    setToasts((current) => [
      ...current,
      {
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'info',
        duration: options.duration ?? DEFAULT_TOAST_DURATION,
      },
    ]);
  }, []);

  const close = useCallback(
    (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)),
    [],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastContainer
        position="top-end"
        containerPosition="fixed"
        className="p-3"
        style={{ zIndex: 2000, top: '3.5rem' }}
      >
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            bg={toast.variant}
            autohide
            delay={toast.duration}
            onClose={() => close(toast.id)}
            data-variant={toast.variant}
          >
            <Toast.Header closeLabel="Close notification">
              <strong className="me-auto">{toast.title}</strong>
            </Toast.Header>
            {toast.description ? (
              <Toast.Body className={bodyClass[toast.variant]}>{toast.description}</Toast.Body>
            ) : null}
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>.');
  return useMemo(() => show, [show]);
}
