import { Link } from 'wouter';
import { BarChart3, Plus, Upload } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const ACTIONS = [
  { title: 'Create New License', description: 'Generate a new licence key', href: '/licenses?action=create', icon: Plus },
  { title: 'Upload Release', description: 'Upload a new plugin version', href: '/releases?action=upload', icon: Upload },
  { title: 'View Analytics', description: 'Check licence usage stats', href: '/licenses', icon: BarChart3 },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common tasks</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {ACTIONS.map(({ title, description, href, icon: Icon }) => (
          <Link key={href} href={href} className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-accent">
            <Icon className="size-4 text-muted-foreground" />
            <span>
              <span className="block text-sm font-medium">{title}</span>
              <span className="block text-xs text-muted-foreground">{description}</span>
            </span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
