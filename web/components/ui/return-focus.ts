import { useRef } from 'react';

/**
 * The button of the dropdown menu used last: a dialog opened from one of its items sends focus back there.
 * Set by DropdownMenuTrigger (./dropdown-menu.tsx) when it is clicked or opened from the keyboard.
 */
let lastMenuTrigger: HTMLElement | null = null;
export const rememberMenuTrigger = (element: HTMLElement): void => {
  lastMenuTrigger = element;
};

/**
 * Where a dialog sends focus when it closes (WCAG 2.4.3). Radix returns it to whatever was focused when the dialog
 * opened; for a dialog opened from a dropdown menu item that is the item, gone by the time the dialog closes, so
 * focus fell to <body>. Here the opener is taken when the dialog opens, a menu item (or nothing) is replaced by the
 * menu's button, and focus goes back to it if it is still on the page.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      const fromMenu = !(active instanceof HTMLElement) || active === document.body || active.closest('[role="menu"]') !== null;
      opener.current = fromMenu ? lastMenuTrigger : active;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
