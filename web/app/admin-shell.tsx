import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogOut, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar';
import { useSession } from '@/features/auth/session';
import { useSettings } from '@/features/settings/api/get-settings';
import { ADMIN_NAV, isNavEntryActive } from './admin-nav';

function AdminSidebar() {
  const [path] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 px-2 font-semibold">
          <ShieldCheck className="size-5 shrink-0" />
          <span className="truncate group-data-[collapsible=icon]:hidden">Admin Dashboard</span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Management</SidebarGroupLabel>
          <SidebarMenu>
            {ADMIN_NAV.map((entry) => (
              <SidebarMenuItem key={entry.path}>
                <SidebarMenuButton asChild isActive={isNavEntryActive(entry, path)} tooltip={entry.title}>
                  <Link href={entry.path} onClick={() => isMobile && setOpenMobile(false)}>
                    <entry.icon />
                    <span>{entry.title}</span>
                  </Link>
                </SidebarMenuButton>
              </SidebarMenuItem>
            ))}
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
    </Sidebar>
  );
}

/** Until a base URL is set, licence e-mails link to whatever host each buyer used (docs/checkout.md). */
function BaseUrlWarning() {
  const { data } = useSettings();
  if (!data || data.base_url) return null;
  return (
    <div
      role="status"
      data-testid="base-url-warning"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <TriangleAlert className="size-4 shrink-0 text-amber-600" />
      <span>Base URL is not set: licence e-mails link to the address each buyer used to reach this server.</span>
      <Link href="/settings" className="font-medium underline underline-offset-4 hover:text-amber-700">
        Set the Base URL in Settings
      </Link>
    </div>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const { logout } = useSession();
  return (
    <SidebarProvider>
      <SkipLink />
      <AdminSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background px-4">
          <SidebarTrigger />
          <h1 className="flex-1 truncate text-lg font-semibold">Licensing - Admin Dashboard</h1>
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            <LogOut />
            Logout
          </Button>
        </header>
        <BaseUrlWarning />
        <div id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <Suspense
            fallback={
              <div className="flex justify-center p-12">
                <Spinner />
              </div>
            }
          >
            {children}
          </Suspense>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
