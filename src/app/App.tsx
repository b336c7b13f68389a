import { ConfigProvider } from 'antd-mobile';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session';
import { antdLocale } from '../i18n';
import { router } from './router';

/** Providers only: antd-mobile's locale follows the session language. */
export function App() {
  const { lang } = useSnapshot(session);
  return (
    <ConfigProvider locale={antdLocale(lang)}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
