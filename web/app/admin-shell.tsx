import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogOut, ShieldCheck } from 'lucide-react';
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
import { ShopAddressNotice } from '@/features/settings/components/shop-address-notice';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { useMe } from '@/features/team/api/me';
import { DEMO_TOOLS_PLUGIN_SLUG, isNavEntryActive, navGroupsFor, visibleNavGroups } from './admin-nav';

function AdminSidebar() {
  const [path] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  // Until the plugin list arrives the demo's tools stay listed, as they were: the demo shop's menu never jumps.
  const plugins = useAdminPlugins().data;
  // Hides what the signed-in role cannot use (the server refuses it anyway); everything until the answer is in.
  const { data: me } = useMe();
  const groups = navGroupsFor(me?.permissions, plugins ? visibleNavGroups(plugins) : visibleNavGroups([{ slug: DEMO_TOOLS_PLUGIN_SLUG, retired_at: null }]));
  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 px-2 font-semibold">
          <ShieldCheck className="size-5 shrink-0" />
          <span className="truncate group-data-[collapsible=icon]:hidden">Admin Dashboard</span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        {groups.map((group) => (
          <SidebarGroup key={group.label}>
            <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
            <SidebarMenu>
              {group.entries.map((entry) => (
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
        ))}
      </SidebarContent>
    </Sidebar>
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
        <ShopAddressNotice />
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
