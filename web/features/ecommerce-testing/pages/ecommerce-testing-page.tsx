import { useState } from 'react';
import { Database, Play } from 'lucide-react';
import { ecommerceReportGroups, summariseEcommerceReports, type EcommerceReportGroup, type EcommerceReports } from '@common/ecommerce-testing';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useRunEcommerceTests } from '../api/run-tests';
import { useSetupEcommerceTestData } from '../api/setup-test-data';
import { OverallSummary } from '../components/overall-summary';
import { ResultRows } from '../components/result-rows';

const TABS: Array<[EcommerceReportGroup, string]> = [
  ['feature_status_dashboard', 'Feature Status'],
  ['cart_gate_functionality', 'Cart Gate'],
  ['shipping_amounts_checkout', 'Shipping'],
  ['blacklist_checkbox_removal', 'Blacklist UX'],
  ['admin_interface', 'Admin'],
  ['customer_journey', 'Customer'],
  ['pricing_calculation', 'Pricing'],
];

const emptyReports = (): EcommerceReports => Object.fromEntries(ecommerceReportGroups.map((group) => [group, []])) as unknown as EcommerceReports;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function EcommerceTestingPage() {
  usePageMeta('E-commerce Testing Suite');
  const [reports, setReports] = useState<EcommerceReports>(emptyReports);
  const setup = useSetupEcommerceTestData();
  const run = useRunEcommerceTests();
  const isBusy = setup.isPending || run.isPending;

  // A failing call is recorded as a fail row carrying its error text.
  const recordFailure = (name: string, error: unknown) =>
    setReports((current) => ({
      ...current,
      feature_status_dashboard: [...current.feature_status_dashboard, { test_name: name, status: 'fail', message: errorText(error), details: {} }],
    }));

  const runSetup = () =>
    setup.mutate(undefined, {
      onSuccess: (response) => toast({ title: 'Test Data Ready', description: response.message }),
      onError: (error) => {
        recordFailure('Setup Test Data', error);
        toast({ title: 'Failed to setup test data', description: errorText(error), variant: 'destructive' });
      },
    });

  const runTests = () => {
    const startedAt = performance.now();
    run.mutate(undefined, {
      onSuccess: ({ data }) => {
        setReports(data.reports);
        const ms = Math.round(performance.now() - startedAt);
        toast({ title: 'Testing Complete', description: `${data.overall.total_tests} tests in ${ms} ms, pass rate ${data.overall.pass_rate}%` });
      },
      onError: (error) => {
        setReports(emptyReports());
        recordFailure('Run Comprehensive Tests', error);
      },
    });
  };

  const overall = summariseEcommerceReports(reports);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">E-commerce Testing Suite</h1>
          <p className="text-sm text-muted-foreground">Cart gate, shipping amounts, blacklist behaviour, admin protection, customer journeys and pricing.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {isBusy && <Spinner className="size-5" label="Running" />}
          <Button variant="outline" onClick={runSetup} disabled={isBusy}>
            <Database />
            Setup Test Data
          </Button>
          <Button onClick={runTests} disabled={isBusy}>
            <Play />
            Run Comprehensive Tests
          </Button>
        </div>
      </div>

      <OverallSummary overall={overall} />

      <Tabs defaultValue="feature_status_dashboard">
        <TabsList>
          {TABS.map(([group, label]) => (
            <TabsTrigger key={group} value={group}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(([group]) => (
          <TabsContent key={group} value={group} className="pt-2">
            <ResultRows rows={reports[group]} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
