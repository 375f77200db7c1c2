import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { FailedWrites } from './sync-status';

/** The signed-in frame; `children` stand in for the route's screen (the session check's loading line). */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="app-layout">
      <Header />
      <main className="app-main">
        <FailedWrites />
        {children ?? <Outlet />}
      </main>
      <BottomNav />
    </div>
  );
}
