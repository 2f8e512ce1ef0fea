// Words for the outbox's stored values (server/modules/email): kinds and delivery states. A value not listed here
// (a kind or state added later) is shown as stored.

const KIND_LABELS: Record<string, string> = { licence: 'Licence e-mail', sign_in: 'Sign-in link' };

const STATUS_HINTS: Record<string, string> = {
  pending: 'Queued: not sent yet.',
  sending: 'Being sent now.',
  sent: 'Handed to the mail server (SMTP).',
  outbox: 'Kept here only: SMTP_URL is not set, so nothing left the server.',
  failed: 'Not delivered: retried every minute, up to 5 attempts.',
  held: "Held: waiting for the shop's address to be set.",
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

export const statusHint = (status: string): string | undefined => STATUS_HINTS[status];

export const statusVariant = (status: string) => (status === 'failed' ? 'destructive' : status === 'sent' || status === 'outbox' ? 'outline' : 'secondary');
