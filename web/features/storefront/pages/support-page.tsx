import { Link } from 'wouter';
import { BookOpen, KeyRound, Mail } from 'lucide-react';
import { licenceWord, supportResponseSentence } from '@common/store-terms';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { useStorePage } from '../api/get-store-page';
import { StorePageView } from '../components/store-page-view';

export function SupportPage() {
  const identity = useStoreIdentity();
  const supportEmail = identity.support_email ?? '';
  const page = useStorePage('support');
  const faq = page.data?.faq ?? [];
  usePageMeta('Support', 'Get help with your plugin: e-mail support, documentation and licensing help.', { canonical: '/support' });
  return (
    <StorePageView page={page.data} isError={page.isError}>
      <div className="grid gap-6 md:grid-cols-3">
        <section className="rounded-xl border p-5">
          <Mail className="size-6" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">Email Support</h2>
          <p className="mt-1 text-sm text-muted-foreground">{supportResponseSentence(identity)}</p>
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
          <p className="mt-1 text-sm text-muted-foreground">Priority help with {licenceWord(identity.spelling)} keys, activations and moving sites.</p>
          <a className="mt-3 inline-block text-sm font-medium underline" href={`mailto:${supportEmail}?subject=Licensing%20help`}>
            Get licensing help
          </a>
        </section>
      </div>
      {faq.length > 0 && (
        <section>
          <h2 className="mb-4 text-2xl font-bold">Frequently Asked Questions</h2>
          <div className="divide-y rounded-xl border">
            {faq.map((item) => (
              <details key={item.question} className="group p-4">
                <summary className="cursor-pointer font-medium">{item.question}</summary>
                <p className="mt-2 text-sm text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      )}
    </StorePageView>
  );
}
