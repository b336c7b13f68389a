import { ConfigProvider } from 'antd-mobile';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Locale } from 'antd-mobile/es/locales/base';
import { kitLocale } from '../i18n';
import { appRouter } from './router';

/** Providers only: antd-mobile's locale follows the shown language (loaded with it, src/i18n). */
export function App() {
  const { locale } = useSnapshot(kitLocale);
  return (
    <ConfigProvider locale={locale as Locale}>
      <RouterProvider router={appRouter()} />
    </ConfigProvider>
  );
}
