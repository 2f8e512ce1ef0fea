import { useState, type FormEvent } from 'react';
import { SMTP_SECURITY, type EmailSetupUpdate } from '@common/payment-setup';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useEmailSetup } from '../api/email-setup';
import { useSendTestEmail } from '../api/send-test-email';
import { useUpdateEmailSetup } from '../api/update-email-setup';
import { SecretField } from '../components/secret-field';

type Form = { host: string; port: string; security: (typeof SMTP_SECURITY)[number]; user: string; password: string; sender: string; admin_password: string };

/** The E-mail page (issue 41; docs/payment-setup.md): the SMTP server, and a test e-mail with the server's answer. */
export function EmailPage() {
  usePageMeta('E-mail');
  const setup = useEmailSetup();
  const update = useUpdateEmailSetup();
  const test = useSendTestEmail();
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = setup.data;
  if (!data) return <p className="p-6 text-muted-foreground">{setup.isError ? errorMessage(setup.error, 'Failed to load e-mail settings') : 'Loading...'}</p>;
  const values: Form = form ?? {
    host: data.host ?? '',
    port: data.port === null ? '' : String(data.port),
    security: data.security,
    user: data.user ?? '',
    password: '',
    sender: data.sender ?? '',
    admin_password: '',
  };
  const set = (name: keyof Form) => (value: string) => setForm({ ...values, [name]: value });
  const fromEnvironment = data.source === 'environment';
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: EmailSetupUpdate = {
      host: values.host.trim() || null,
      port: values.port.trim() === '' ? null : Number(values.port),
      security: values.security,
      user: values.user.trim() || null,
      sender: values.sender.trim() || null,
      ...(values.password ? { password: values.password } : {}),
      ...(values.admin_password ? { admin_password: values.admin_password } : {}),
    };
    update.mutate(body, {
      onSuccess: () => {
        setForm(null);
        toast({ title: 'E-mail Saved', description: 'Send a test e-mail to see it work.' });
      },
      onError: (caught) => setError(errorMessage(caught, 'Failed to save the e-mail settings')),
    });
  };
  const result = test.data ?? (data.test ? { ...data.test, sent_to: data.test_recipient, released: 0 } : null);

  return (
    <div className="space-y-6 p-6">
      <h1 className="text-2xl font-semibold">E-mail</h1>
      <Card>
        <CardHeader>
          <CardTitle>SMTP server</CardTitle>
          <CardDescription>
            {fromEnvironment
              ? 'set by the environment (SMTP_URL), which wins over this page.'
              : 'Licence keys, receipts and sign-in links leave through this server. Until it works they are kept in the Outbox.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={save} noValidate>
            {(
              [
                ['host', 'Host', 'smtp.example.com'],
                ['port', 'Port', '587'],
                ['user', 'User', 'shop@example.com'],
                ['sender', 'Sender address', 'shop@example.com'],
              ] as const
            ).map(([name, label, placeholder]) => (
              <div key={name} className="space-y-1">
                <Label htmlFor={`smtp-${name}`}>{label}</Label>
                <Input
                  id={`smtp-${name}`}
                  disabled={fromEnvironment}
                  placeholder={placeholder}
                  value={values[name]}
                  onChange={(event) => set(name)(event.target.value)}
                />
              </div>
            ))}
            <div className="space-y-1">
              <Label htmlFor="smtp-security">Security</Label>
              <select
                id="smtp-security"
                className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
                disabled={fromEnvironment}
                value={values.security}
                onChange={(event) => set('security')(event.target.value)}
              >
                <option value="starttls">STARTTLS (port 587)</option>
                <option value="tls">TLS (port 465)</option>
                <option value="none">None (local relay only)</option>
              </select>
            </div>
            <SecretField
              id="smtp-password"
              label="Password"
              view={data.password}
              placeholder="The SMTP password"
              value={values.password}
              onChange={set('password')}
            />
            {data.password_required && (
              <div className="space-y-1">
                <Label htmlFor="smtp-admin-password">Admin password (to change the SMTP password)</Label>
                <Input id="smtp-admin-password" type="password" value={values.admin_password} onChange={(event) => set('admin_password')(event.target.value)} />
              </div>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive sm:col-span-2">
                {error}
              </p>
            )}
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={update.isPending || fromEnvironment}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button type="button" variant="outline" disabled={test.isPending || data.source === null} onClick={() => test.mutate()}>
                {test.isPending ? 'Sending...' : 'Send a test e-mail'}
              </Button>
            </div>
          </form>
          <p className="mt-4 text-sm text-muted-foreground">
            The test goes to {data.test_recipient ?? 'the store’s support address (Storefront)'}.{' '}
            {data.waiting > 0 && `${data.waiting} e-mail(s) wait in the Outbox and leave once it works.`}
          </p>
          {result && (
            <p role="status" data-testid="test-email-result" className={result.ok ? 'mt-2 text-sm text-green-700' : 'mt-2 text-sm text-destructive'}>
              {result.ok ? '✓ Delivered. ' : '✗ Not delivered. '}
              The server answered: {result.answer}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
