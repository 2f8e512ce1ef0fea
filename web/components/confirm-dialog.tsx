import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * An action confirmed first: a title, what will happen, optional fields, one button (customers, licences, plugins,
 * orders), and other `actions` before it. With a `trigger` (the button that opens it) the dialog is Radix's own, so
 * Cancel returns the focus to the trigger; its content is then mounted only while open, so whatever remembers the
 * opener at mount sees the trigger focused.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  trigger?: ReactNode;
  actions?: ReactNode;
}) {
  const content = (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{props.title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div>{props.description}</div>
        </AlertDialogDescription>
      </AlertDialogHeader>
      {props.children}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={props.pending}>Cancel</AlertDialogCancel>
        {props.actions}
        <Button variant={props.destructive ? 'destructive' : 'default'} onClick={props.onConfirm} disabled={props.pending || props.disabled}>
          {props.pending ? props.pendingLabel : props.confirmLabel}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
  return (
    <AlertDialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger> : null}
      {props.trigger ? props.open && content : content}
    </AlertDialog>
  );
}
