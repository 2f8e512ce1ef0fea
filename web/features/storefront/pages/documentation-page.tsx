import { Link } from 'wouter';
import { Clock } from 'lucide-react';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from '../components/static-page';

const STEPS = [
  {
    title: 'Install the plugin',
    minutes: 5,
    text: 'Download the zip from your licence e-mail. In WordPress open Plugins → Add New → Upload Plugin, choose the file, install and activate it.',
  },
  {
    title: 'Activate your licence',
    minutes: 2,
    text: 'Open the plugin’s Licence screen, paste the key from your e-mail (8022-XXXX-XXXX-XXXX-XXXX) and click Activate. Updates now arrive automatically.',
  },
  {
    title: 'Configure your settings',
    minutes: 10,
    text: 'Set your delivery zones, prices and rules, then use the built-in tester to check a few postcodes before going live.',
  },
];

export function DocumentationPage() {
  usePageMeta('Documentation', 'Getting started: install, activate and configure your plugin.', { canonical: '/documentation' });
  return (
    <StaticPage title="Documentation" lead="Getting started takes three steps.">
      <ol className="space-y-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-xl border p-5" data-testid="doc-step">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">{index + 1}</span>
            <div>
              <h2 className="font-semibold">{step.title}</h2>
              <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
                <Clock className="size-4" aria-hidden="true" /> {step.minutes} minutes
              </p>
              <p className="mt-2 text-sm">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="text-muted-foreground">
        Stuck?{' '}
        <Link href="/support" className="underline">
          Contact support
        </Link>
        : we answer within 24 hours.
      </p>
    </StaticPage>
  );
}
