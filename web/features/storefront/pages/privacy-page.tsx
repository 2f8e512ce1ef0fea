import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from '../components/static-page';

const SECTIONS = [
  {
    title: 'What we collect',
    text: 'When you buy, we keep your e-mail address, the plugin you bought and your licence key. Card details go straight to our payment provider; we never see or store them.',
  },
  {
    title: 'Licence checks',
    text: 'When a plugin checks its licence or looks for updates, your site sends its address and licence key. We use them only to count activations and deliver updates.',
  },
  {
    title: 'How we use it',
    text: 'To deliver your licence key and downloads, provide support and meet our legal and accounting duties. We do not sell your data or use it for advertising.',
  },
  { title: 'How long we keep it', text: 'Order records are kept for as long as the law requires; licence activations are kept while the licence is in use.' },
];

export function PrivacyPage() {
  const { store_name: storeName, support_email: supportEmail } = useStoreIdentity();
  usePageMeta('Privacy Policy', `How ${storeName} handles your data.`, { canonical: '/privacy' });
  const rights = `You may ask for a copy of your data, its correction or its deletion${supportEmail ? ` at ${supportEmail}` : ''}.`;
  return (
    <StaticPage title="Privacy Policy" lead="Last updated: September 2025">
      {[...SECTIONS, { title: 'Your rights', text: rights }].map((section) => (
        <section key={section.title}>
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <p className="mt-2 text-muted-foreground">{section.text}</p>
        </section>
      ))}
    </StaticPage>
  );
}
