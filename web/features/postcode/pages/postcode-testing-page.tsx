import { Database } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useSetupPostcodeTestData } from '../api/setup-test-data';
import { BulkTestTab } from '../components/bulk-test-tab';
import { PrecedenceTab } from '../components/precedence-tab';
import { toastFailure, usePostcodeRunnerBusy } from '../components/runner';
import { SingleTestTab } from '../components/single-test-tab';
import { TestDataSummaryCard } from '../components/test-data-summary-card';
import { UserScenariosTab } from '../components/user-scenarios-tab';

/** The suite's tabs, in order; each stays mounted while hidden so a running test keeps its results. */
const TABS = [
  { value: 'single', label: 'Single Test', Panel: SingleTestTab },
  { value: 'bulk', label: 'Bulk Test', Panel: BulkTestTab },
  { value: 'scenarios', label: 'User Scenarios', Panel: UserScenariosTab },
  { value: 'precedence', label: 'Precedence', Panel: PrecedenceTab },
];

export function PostcodeTestingPage() {
  usePageMeta('Postcode Delivery Zones Test Suite');
  const setup = useSetupPostcodeTestData();
  const isBusy = usePostcodeRunnerBusy();

  const runSetup = () =>
    setup.mutate(undefined, {
      onSuccess: (response) => toast({ title: 'Test Data Ready', description: response.message }),
      onError: (error) => toastFailure('Failed to setup test data', error),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Postcode Delivery Zones Test Suite</h1>
          <p className="text-sm text-muted-foreground">Delivery rules, blacklist precedence and pricing, checked against the test fixture.</p>
        </div>
        <div className="flex items-center gap-3">
          {isBusy && <Spinner className="size-5" label="Running" />}
          <Button onClick={runSetup} disabled={isBusy} variant="outline">
            <Database />
            Setup Test Data
          </Button>
        </div>
      </div>

      <TestDataSummaryCard />

      <Card>
        <CardContent>
          <Tabs defaultValue="single">
            <TabsList>
              {TABS.map((tab) => (
                <TabsTrigger key={tab.value} value={tab.value}>
                  {tab.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(({ value, Panel }) => (
              <TabsContent key={value} value={value} forceMount className="pt-4 data-[state=inactive]:hidden">
                <Panel />
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
