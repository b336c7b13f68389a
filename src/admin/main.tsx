import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import '../styles/tokens.css';
import '../styles/global.css';
import { AdminApp } from './AdminApp';
import { startAdminI18n } from './i18n';

// antd-mobile's imperative Dialog/Toast need a React 19 renderer (same as the customer app).
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});

// the first render waits for the operator's language, so no screen shows keys or flips language
void startAdminI18n().then(() => {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  createRoot(el).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
});
