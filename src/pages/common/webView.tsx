import { Button, Result } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WEBVIEW_ALLOW, parseAllowList } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { htmlToText } from '../../components/ContentPage';
import { newsDetail } from '../../api/content';
import { contentPage } from '../../api/profile';
import { webViewAllow } from '../../api/service';
import { PATHS } from '../../nav/paths';
import { webViewTarget } from './webview-target';
import prose from '../../components/account.module.css';
import s from './webView.module.css';

const PAGES = ['contactus', 'aboutus', 'operational_compliance'] as const;
type PageName = (typeof PAGES)[number];

/**
 * The web view (spec §2 common/webView): articles (`?article=<id>`), the white paper and the other
 * operator-written pages (`?page=operational_compliance`) and links (`?url=…&title=…`) inside
 * the app frame with its navigation bar. A link to a host outside the operators' allow-list (site
 * setting `webview_allow`) is not framed: the reader is warned and may open it in a new tab.
 */
export default function WebViewPage() {
  const [params] = useSearchParams();
  const article = Number(params.get('article'));
  const page = params.get('page');
  const url = params.get('url');
  if (article > 0) return <Article id={article} />;
  if (page && (PAGES as readonly string[]).includes(page)) return <Content name={page as PageName} />;
  if (url) return <Link url={url} title={params.get('title') ?? ''} />;
  return <Navigate to={PATHS.home} replace />;
}

function Article({ id }: { id: number }) {
  const { t } = useTranslation();
  const load = useLoad(() => newsDetail(id), [id]);
  return (
    <PageFrame title={load.data?.title || t('route.common.webView')}>
      <LoadState load={load}>
        {(n) => <article className={prose.prose}>{htmlToText(n.content ?? '')}</article>}
      </LoadState>
    </PageFrame>
  );
}

function Content({ name }: { name: PageName }) {
  const { t } = useTranslation();
  const load = useLoad(() => contentPage(name), [name]);
  return (
    <PageFrame title={load.data?.title || t('route.common.webView')}>
      <LoadState load={load}>{(p) => <article className={prose.prose}>{htmlToText(p.content)}</article>}</LoadState>
    </PageFrame>
  );
}

function Link({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allow = useLoad(
    () =>
      webViewAllow()
        .then((r) => r.allow)
        .catch(() => DEFAULT_WEBVIEW_ALLOW),
    [],
  );
  const origin = window.location.origin;
  const heading = title || t('route.common.webView');
  if (allow.data === undefined) return <PageFrame title={heading} />;
  const target = webViewTarget(url, parseAllowList(allow.data), origin);
  const abs = target === 'invalid' ? '' : new URL(url, origin);
  // one of our own pages: go there rather than framing the app inside itself
  if (abs && abs.origin === origin) {
    const route = abs.hash.replace(/^#/, '');
    return <Navigate to={route.startsWith('/pages/') ? route : PATHS.home} replace />;
  }
  return (
    <PageFrame title={heading}>
      {target === 'inside' && abs ? (
        <iframe
          className={s.frame}
          src={abs.href}
          title={heading}
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
          referrerPolicy="no-referrer"
          data-testid="webview-frame"
        />
      ) : target === 'outside' && abs ? (
        <Result
          status="warning"
          title={t('service.leavingTitle')}
          description={t('service.leavingHint', { host: abs.hostname })}
          data-testid="webview-outside"
        />
      ) : (
        <Result status="error" title={t('service.linkInvalid')} />
      )}
      {target === 'outside' && abs ? (
        <div className={s.actions}>
          <Button block color="primary" onClick={() => void window.open(abs.href, '_blank', 'noopener,noreferrer')}>
            {t('service.openNewTab')}
          </Button>
          <Button block fill="none" onClick={() => navigate(-1)}>
            {t('common.back')}
          </Button>
        </div>
      ) : null}
    </PageFrame>
  );
}
