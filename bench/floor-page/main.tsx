// The floor the home route's initial JS is held to (within 1.2 × this): a bare page that uses what any screen
// of ours needs — React, react-router-dom, Dexie with dexie-react-hooks, i18next — and nothing of the app.
// Built by bench/bundle-size.mjs in the same run as the app.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const db = new Dexie('floor');
db.version(1).stores({ items: 'id' });
void i18next
  .use(initReactI18next)
  .init({ lng: 'fr', resources: { fr: { translation: { hello: 'Bonjour' } } } });

function Home() {
  const { t } = useTranslation();
  const count = useLiveQuery(() => db.table('items').count(), []);
  return <p>{`${t('hello')} ${count ?? 0}`}</p>;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <RouterProvider router={createBrowserRouter([{ path: '/', element: <Home /> }])} />,
  );
