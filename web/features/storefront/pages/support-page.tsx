import { Link } from 'wouter';
import { BookOpen, KeyRound, Mail } from 'lucide-react';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from '../components/static-page';

const FAQ = [
  {
    question: 'How do I install the plugin?',
    answer:
      'Download the zip from the link in your licence e-mail, then in WordPress go to Plugins → Add New → Upload Plugin, choose the file and click Activate.',
  },
  {
    question: 'Can I use the plugin on multiple sites?',
    answer:
      'Yes. Each licence covers up to 3 websites. Local and staging sites do not count toward the limit, and you can move a licence by deactivating it on one site first.',
  },
  {
    question: 'How do updates work?',
    answer:
      'Updates appear in your WordPress dashboard like any other plugin update once your licence key is activated. Every purchase includes lifetime updates.',
  },
  {
    question: 'Can I customise the plugin?',
    answer: 'Yes. The plugins offer settings for every rule and price, plus WordPress hooks and filters for developers. Ask us if you need something specific.',
  },
];

export function SupportPage() {
  const supportEmail = useStoreIdentity().support_email ?? '';
  usePageMeta('Support', 'Get help with your plugin: e-mail support, documentation and licensing help.', { canonical: '/support' });
  return (
    <StaticPage title="Support" lead="We are here to help you get the most out of your plugins.">
      <div className="grid gap-6 md:grid-cols-3">
        <section className="rounded-xl border p-5">
          <Mail className="size-6" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">Email Support</h2>
          <p className="mt-1 text-sm text-muted-foreground">Get a response within 24 hours.</p>
          <a className="mt-3 inline-block text-sm font-medium underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        </section>
        <section className="rounded-xl border p-5">
          <BookOpen className="size-6" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">Documentation</h2>
          <p className="mt-1 text-sm text-muted-foreground">Step-by-step guides to install, activate and configure.</p>
          <Link className="mt-3 inline-block text-sm font-medium underline" href="/documentation">
            Read the documentation
          </Link>
        </section>
        <section className="rounded-xl border p-5">
          <KeyRound className="size-6" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">Licensing Help</h2>
          <p className="mt-1 text-sm text-muted-foreground">Priority help with licence keys, activations and moving sites.</p>
          <a className="mt-3 inline-block text-sm font-medium underline" href={`mailto:${supportEmail}?subject=Licensing%20help`}>
            Get licensing help
          </a>
        </section>
      </div>
      <section>
        <h2 className="mb-4 text-2xl font-bold">Frequently Asked Questions</h2>
        <div className="divide-y rounded-xl border">
          {FAQ.map((item) => (
            <details key={item.question} className="group p-4">
              <summary className="cursor-pointer font-medium">{item.question}</summary>
              <p className="mt-2 text-sm text-muted-foreground">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </StaticPage>
  );
}
