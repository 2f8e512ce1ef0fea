import { Mail, MoreHorizontal, Pencil, RefreshCw, ShieldX } from 'lucide-react';
import type { AutoRenewState } from '@common/auto-renewal';
import { PLAN_LABELS, siteLimitText, siteUsagePercent, type License } from '@common/licenses';
import { renewPath } from '@common/renewals';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useSendSignInLink } from '../api/send-sign-in-link';
import { formatDate } from '@/lib/dates';
import { StopAutoRenewalButton } from './stop-auto-renewal-button';

const STATUS_VARIANT = { active: 'success', expired: 'warning', revoked: 'destructive' } as const;

/**
 * "Automatic renewal: on/off" (docs/pricing.md): the buyer's choice; a failed charge says when it is tried again. The
 * state comes from the list's one request (../api/get-auto-renewals.ts); while on, the admin can stop it.
 */
function AutoRenewLine({ license, state }: { license: License; state: AutoRenewState }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-xs text-muted-foreground" data-testid="licence-auto-renew">
        Automatic renewal: {state.enabled ? 'on' : 'off'}
        {state.enabled && state.next_attempt_at ? ` · payment failed, retry ${formatDate(state.next_attempt_at)}` : ''}
        {!state.enabled && state.last_error ? ` · stopped (${state.last_error})` : ''}
      </p>
      {state.enabled && <StopAutoRenewalButton license={license} />}
    </div>
  );
}

/** `autoRenewal`: the licence's automatic renewal, from the list's one request; undefined shows no line (none asked, or not yet answered). */
export function LicenseCard({
  license,
  pluginName,
  autoRenewal,
  onEdit,
  onRevoke,
}: {
  license: License;
  pluginName: string;
  autoRenewal: AutoRenewState | undefined;
  onEdit: () => void;
  onRevoke: () => void;
}) {
  const sendSignInLink = useSendSignInLink();
  // The customer's account page (docs/account.md): the link goes to the licence's customer e-mail only.
  const sendLink = () =>
    sendSignInLink.mutate(license.id, {
      onSuccess: ({ email }) => toast({ title: 'Sign-in Link Sent', description: `A sign-in link to their account is on its way to ${email}.` }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to send the sign-in link'), variant: 'destructive' }),
    });
  const usage = siteUsagePercent(license.activations_used, license.max_activations);
  return (
    // min-w-0: a grid item may shrink below its title's one-line width, so an imported key of any length truncates at 360 px.
    <Card data-testid="licence-card" data-key={license.key} className="min-w-0">
      <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle className="truncate font-mono text-sm">{license.key}</CardTitle>
          <p className="truncate text-sm text-muted-foreground">{pluginName}</p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${license.key}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil />
              Edit License
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={sendLink} disabled={!license.customer_email || sendSignInLink.isPending}>
              <Mail />
              {/* Why it is greyed out, said where it is (issue 27): a hand-made licence may have no e-mail. */}
              {license.customer_email ? 'Send sign-in link' : 'Send sign-in link (no customer e-mail)'}
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={onRevoke} disabled={license.status === 'revoked'}>
              <ShieldX />
              Revoke License
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_VARIANT[license.status]} className="capitalize">
            {license.status}
          </Badge>
          <Badge variant="outline">{PLAN_LABELS[license.plan]}</Badge>
        </div>
        <div className="space-y-1">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Activations</span>
            <span data-testid="activations">
              {license.activations_used} / {siteLimitText(license.max_activations)}
            </span>
          </div>
          <Progress value={usage} label={`Activations ${license.activations_used} of ${siteLimitText(license.max_activations)}`} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            Created {formatDate(license.created_at)}
            {license.expires_at ? ` · expires ${formatDate(license.expires_at)}` : ' · never expires'}
          </p>
          {autoRenewal && <AutoRenewLine license={license} state={autoRenewal} />}
          {/* The customer's renewal and upgrade page (docs/pricing.md): open it to pay, or copy it to the customer. */}
          {license.status !== 'revoked' && license.price_id !== null && (
            <a
              href={renewPath(license.key)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
              data-testid="licence-renew"
            >
              <RefreshCw className="size-3" aria-hidden="true" />
              {license.plan === 'lifetime' ? 'Upgrade' : 'Renew'}
            </a>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
