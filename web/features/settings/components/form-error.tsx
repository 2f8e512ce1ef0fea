import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** The server's validation message under a form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A field's problem from the server, under its input; the input names it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message.charAt(0).toUpperCase() + message.slice(1)}
    </p>
  );
}

/** Props that mark an input invalid and point it at its FieldError (and its help text, when it has one). */
export const invalidProps = (errorId: string, message: string | undefined, helpId?: string) => ({
  'aria-invalid': message ? true : undefined,
  'aria-describedby': [message ? errorId : null, helpId ?? null].filter(Boolean).join(' ') || undefined,
});
