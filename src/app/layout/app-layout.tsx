import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { sendScrollKeysTo } from './page-scroll-keys';
import { FailedWrites } from './sync-status';

/** The signed-in frame; `children` stand in for the route's screen (the session check's loading line). */
export function AppLayout({ children }: { children?: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => (mainRef.current ? sendScrollKeysTo(mainRef.current) : undefined), []);
  return (
    <div className="app-layout">
      <Header />
      {/* tabIndex -1: the page's scroll box takes the keys that scroll (page-scroll-keys.ts). */}
      <main ref={mainRef} className="app-main" tabIndex={-1}>
        <FailedWrites />
        {children ?? <Outlet />}
      </main>
      <BottomNav />
    </div>
  );
}
