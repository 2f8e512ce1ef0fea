import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** How a LemonSqueezy product id connects an order to a plugin (docs/design.md section 7). */
export function IntegrationGuide() {
  const webhookUrl = `${window.location.origin}/api/webhooks/lemonsqueezy`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integration Guide</CardTitle>
        <CardDescription>Connect LemonSqueezy orders to your plugins.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>In the LemonSqueezy dashboard, open the product and copy its numeric Product ID.</li>
          <li>Click Edit on the plugin's row above, paste the ID and Save. Leave it empty to unlink the product.</li>
          <li>
            Add a webhook for the <code>order_created</code> event pointing at <code className="break-all">{webhookUrl}</code>, and save its signing secret in
            Settings.
          </li>
          <li>Each paid order for that product then issues a lifetime licence for the plugin and e-mails the key to the buyer.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
