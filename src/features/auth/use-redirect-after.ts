import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Once `isDone`, goes to `to` after `ms` (the screen says so and offers a link to go at once). */
export function useRedirectAfter(isDone: boolean, ms: number, to = '/login'): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(timer);
  }, [isDone, ms, to, navigate]);
}
