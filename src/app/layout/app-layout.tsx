import { Outlet } from 'react-router-dom';
import { BottomNav } from './bottom-nav';
import { Header } from './header';

export function AppLayout() {
  return (
    <div className="app-layout">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
