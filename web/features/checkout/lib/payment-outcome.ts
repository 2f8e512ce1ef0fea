import { toast } from '@/lib/use-toast';

// The checkout's toasts, with the specification's exact texts (section 8).

export function toastPaymentSucceeded(): void {
  toast({ title: 'Payment Successful', description: "Thank you for your purchase! You'll receive your license key shortly." });
}

export function toastPaymentFailed(message: string): void {
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
}

export function toastSetupFailed(): void {
  toast({ title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.', variant: 'destructive' });
}

export const successPath = (slug: string): string => `/purchase/success?plugin=${encodeURIComponent(slug)}`;
