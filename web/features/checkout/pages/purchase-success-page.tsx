import { Link, useSearch } from 'wouter';
import { CheckCircle2, Download, Mail, RefreshCw } from 'lucide-react';
import { effectivePriceMinor, formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SUPPORT_EMAIL } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { usePublicPlugin } from '@/lib/public-plugins';

// docs/product-spec.md section 9: the prices shown when the plugin's own price cannot be loaded.
const FALLBACK = {
  'postcode-delivery-zones': { name: 'Postcode Delivery Zones', price: '£49' },
  ucre: { name: '8022 Licensing', price: '£99' },
} as const;
const fallbackFor = (slug: string) => (slug === 'ucre' ? FALLBACK.ucre : FALLBACK['postcode-delivery-zones']);

const NEXT_STEPS = [
  { icon: Mail, title: 'Check your email', text: 'Your license key will arrive by email within 5-10 minutes.' },
  { icon: Download, title: 'Download and install', text: 'Download the plugin with the link in the email and install it on your WordPress site.' },
  { icon: RefreshCw, title: 'Lifetime updates', text: 'Activate your license key to receive lifetime updates.' },
];

export function PurchaseSuccessPage() {
  usePageMeta('Payment Successful!');
  const slug = new URLSearchParams(useSearch()).get('plugin') ?? 'postcode-delivery-zones';
  const { plugin } = usePublicPlugin(slug);
  const fallback = fallbackFor(slug);
  const amount = plugin ? effectivePriceMinor(plugin) : null;
  const price = plugin && amount !== null && amount > 0 ? formatMoney(amount, plugin.currency) : fallback.price;

  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <div className="space-y-3 text-center">
        <CheckCircle2 className="mx-auto size-14 text-green-600" />
        <h1 className="text-3xl font-bold">Payment Successful!</h1>
        <p className="text-muted-foreground">Thank you for your purchase. Your order has been confirmed.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Order Confirmed</CardTitle>
        </CardHeader>
        <CardContent className="flex items-center justify-between gap-4">
          <div>
            <div className="font-medium" data-testid="order-plugin">
              {plugin?.name ?? fallback.name}
            </div>
            <div className="text-sm text-muted-foreground">Lifetime license, up to 3 websites</div>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-lg font-semibold" data-testid="order-price">
              {price}
            </span>
            <Badge variant="success">Paid</Badge>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>What happens next</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {NEXT_STEPS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                <div className="font-medium">{title}</div>
                <div className="text-sm text-muted-foreground">{text}</div>
              </div>
            </div>
          ))}
        </CardContent>
      </Card>
      <div className="space-y-4 text-center">
        <p className="text-sm text-muted-foreground">
          Questions about your order?{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
            Contact Support
          </a>
        </p>
        <p className="text-sm text-muted-foreground">
          Your licence keys, sites, downloads and receipts are in{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" href="/account">
            your account
          </Link>
          .
        </p>
        <div className="flex justify-center gap-3">
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
          <Button asChild>
            <Link href="/catalog">Browse Catalog</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
