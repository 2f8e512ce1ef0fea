import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from '../components/static-page';

const PROMISES = [
  { title: 'Built for real shops', text: 'Our plugins come from running WooCommerce stores: they solve the problems merchants meet every day.' },
  { title: 'Fair licensing', text: 'A one-time purchase covers up to 3 websites, with lifetime updates and a 30-day money-back guarantee.' },
  { title: 'Signed, safe updates', text: 'Every release is signed, so WordPress can check that an update really comes from us.' },
];

export function AboutPage() {
  const { store_name: storeName, tagline } = useStoreIdentity();
  usePageMeta('About', `About ${storeName}: ${tagline}`, { canonical: '/about' });
  return (
    <StaticPage title={`About ${storeName}`} lead="We build focused, dependable WordPress and WooCommerce plugins for businesses that sell online.">
      <div className="grid gap-6 md:grid-cols-3">
        {PROMISES.map((promise) => (
          <section key={promise.title} className="rounded-xl border p-5">
            <h2 className="font-semibold">{promise.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{promise.text}</p>
          </section>
        ))}
      </div>
      <p className="text-muted-foreground">
        Our first plugin, Postcode Delivery Zones, lets UK shops decide where they deliver and what delivery costs, postcode by postcode. It is used by food
        shops, florists, furniture stores and regional wholesalers.
      </p>
      <Button asChild>
        <Link href="/catalog">Browse the Catalog</Link>
      </Button>
    </StaticPage>
  );
}
