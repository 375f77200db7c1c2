import { Outlet } from 'react-router-dom';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { FailedWrites } from './sync-status';

export function AppLayout() {
  return (
    <div className="app-layout">
      <Header />
      <main className="app-main">
        <FailedWrites />
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
