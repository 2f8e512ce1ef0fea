// The benches' webhook endpoint: the generated shop's one (bench/bigshop/use.ts) and the one bench/workers-due.ts
// adds for its due deliveries. Every event goes to it (`events: []`), and no worker holds it.
export const benchWebhookEndpoint = (at: string) => ({
  url: 'https://hooks.example.com/bench',
  secret: 'whsec_bench',
  events: '[]',
  active: 1,
  busy_until: null,
  busy_token: null,
  created_at: at,
  updated_at: at,
});
