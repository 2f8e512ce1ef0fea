import type { FormEvent, ReactNode } from 'react';
import { FormError } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The centred card of the sign-in screens (owner and staff login, accepting an invitation): an icon, the heading, a line. */
export function AuthCard({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">{icon}</div>
          <CardTitle className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

/** A sign-in form: its fields, the problem, and one full-width button that says when it is busy. */
export function AuthForm(props: {
  onSubmit: () => void;
  error: string | null;
  busy: boolean;
  label: string;
  busyLabel?: string;
  children: ReactNode;
  /** Other ways to go on, below the button (a passkey). */
  after?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {props.children}
      <FormError message={props.error} />
      <Button type="submit" className="w-full" disabled={props.busy}>
        {props.busy && props.busyLabel ? props.busyLabel : props.label}
      </Button>
      {props.after}
    </form>
  );
}
