import { useState } from 'react';
import type { CustomerDetail } from '@common/customers';
import { CUSTOMER_NAME_MAX, CUSTOMER_NOTE_MAX } from '@common/customers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateCustomer } from '../api/update-customer';

/** The customer's name and the admin's private note (never shown to the customer). */
export function CustomerNote({ customer }: { customer: CustomerDetail }) {
  const update = useUpdateCustomer();
  const [name, setName] = useState(customer.name ?? '');
  const [note, setNote] = useState(customer.note);
  const changed = name !== (customer.name ?? '') || note !== customer.note;
  const save = () =>
    update.mutate(
      { id: customer.id, changes: { name: name.trim() === '' ? null : name.trim(), note } },
      {
        onSuccess: () => toast({ title: 'Customer Saved', description: customer.email }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save the customer'), variant: 'destructive' }),
      },
    );
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <Label htmlFor="customer-name">Name</Label>
        <Input id="customer-name" value={name} maxLength={CUSTOMER_NAME_MAX} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor="customer-note">Private note</Label>
        <Textarea id="customer-note" rows={4} value={note} maxLength={CUSTOMER_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
        <p className="text-xs text-muted-foreground">Only admins see this note.</p>
      </div>
      <Button onClick={save} disabled={!changed || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
