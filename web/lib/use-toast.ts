import { useEffect, useState, type ReactNode } from 'react';

// The toast store of docs/product-spec.md section 9: one toast at a time; a dismissed toast is removed after 1,000,000 ms.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  open: boolean;
}

type ToastInput = Omit<ToastData, 'id' | 'open'>;

let toasts: ToastData[] = [];
let counter = 0;
const listeners = new Set<(state: ToastData[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id?: string): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(toasts.filter((other) => other.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastData[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
