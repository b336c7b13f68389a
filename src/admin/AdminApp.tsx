import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, ConfigProvider, Form, Input, Tabs, Toast } from 'antd-mobile';
import type { Operator } from '../../core';
import { admin, forgetLegacyTokens, setOnSessionLost } from './api';
import { KycQueue, RechargeQueue, TraderQueue, WithdrawQueue } from './queues';
import { Products } from './products';
import { Users } from './users';
import { Settings, ActionLog } from './settings';
import { ServiceInbox } from './service';
import { kitLocaleOf, useAdminLang, useT } from './i18n';
import { LangSwitch } from './LangSwitch';
import styles from './admin.module.css';

// loaded when their tab is opened (the back office shares chunks with the app: its shell stays as it was)
const ChatroomDesk = lazy(() => import('./chatroom').then((m) => ({ default: m.ChatroomDesk })));
const JobsQueue = lazy(() => import('./jobs').then((m) => ({ default: m.JobsQueue })));
const GameDesk = lazy(() => import('./game').then((m) => ({ default: m.GameDesk })));
const OtcDesk = lazy(() => import('./otc').then((m) => ({ default: m.OtcDesk })));
const NftDesk = lazy(() => import('./nft').then((m) => ({ default: m.NftDesk })));

/** The kit's own strings (empty states, pickers) follow the back office's language. */
export function AdminApp() {
  const lang = useAdminLang();
  return (
    <ConfigProvider locale={kitLocaleOf(lang)}>
      <Desk />
    </ConfigProvider>
  );
}

/**
 * The operators' back office: its own login and session cookie, never a customer session. A new
 * screen's strings go in src/admin/i18n/en.json and zh.json and are shown with useT()/t('admin.x')
 * (the convention is at the top of src/admin/i18n/index.ts; npm test checks both tables).
 */
/** The operator of the session cookie, if it still names a live one (asked once; a lost session forgets them). */
function useOperator() {
  const [me, setMe] = useState<Operator | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    setOnSessionLost(() => setMe(null));
    forgetLegacyTokens();
    // the cookie is invisible to us: ask the server whether it still names a live session
    admin
      .me()
      .then(setMe)
      .catch(() => undefined)
      .finally(() => setChecked(true));
  }, []);
  return { me, setMe, checked };
}

function Desk() {
  const t = useT();
  const { me, setMe, checked } = useOperator();
  // kept here, not in the tabs: a new login after a lost session comes back to the same desk
  const [tab, setTab] = useState('kyc');
  if (!checked) return null;
  if (!me) return <Login onIn={setMe} />;
  return (
    <div className={styles.app}>
      {/* the heading on the left, shortened with an ellipsis, so a long operator name never runs
          under the language switch (a centred bar title had no room for it at 390 wide) */}
      <header className={styles.head}>
        <h1 className={styles.title} title={t('admin.app.heading', { name: me.name })}>
          {t('admin.app.heading', { name: me.name })}
        </h1>
        <span className={styles.headRight}>
          <LangSwitch />
          <Button
            size="mini"
            onClick={async () => {
              await admin.logout().catch(() => undefined);
              setMe(null);
            }}
          >
            {t('admin.app.logout')}
          </Button>
        </span>
      </header>
      <DeskTabs tab={tab} setTab={setTab} />
    </div>
  );
}

/** One tab per desk; the rarely used desks load when their tab is opened. */
function DeskTabs({ tab, setTab }: { tab: string; setTab: (key: string) => void }) {
  const t = useT();
  return (
    <Tabs activeKey={tab} onChange={setTab} className={styles.tabs}>
      <Tabs.Tab key="kyc" title={t('admin.tab.kyc')}>
        <KycQueue />
      </Tabs.Tab>
      <Tabs.Tab key="service" title={t('admin.tab.service')}>
        <ServiceInbox />
      </Tabs.Tab>
      <Tabs.Tab key="chatroom" title={t('admin.tab.chatroom')}>
        <Suspense fallback={null}>
          <ChatroomDesk />
        </Suspense>
      </Tabs.Tab>
      <Tabs.Tab key="game" title={t('admin.tab.game')}>
        <Suspense fallback={null}>
          <GameDesk />
        </Suspense>
      </Tabs.Tab>
      <Tabs.Tab key="otc" title={t('admin.tab.otc')}>
        <Suspense fallback={null}>
          <OtcDesk />
        </Suspense>
      </Tabs.Tab>
      <Tabs.Tab key="nft" title={t('admin.tab.nft')}>
        <Suspense fallback={null}>
          <NftDesk />
        </Suspense>
      </Tabs.Tab>
      <Tabs.Tab key="recharge" title={t('admin.tab.recharge')}>
        <RechargeQueue />
      </Tabs.Tab>
      <Tabs.Tab key="withdraw" title={t('admin.tab.withdraw')}>
        <WithdrawQueue />
      </Tabs.Tab>
      <Tabs.Tab key="traders" title={t('admin.tab.traders')}>
        <TraderQueue />
      </Tabs.Tab>
      <Tabs.Tab key="products" title={t('admin.tab.products')}>
        <Products />
      </Tabs.Tab>
      <Tabs.Tab key="users" title={t('admin.tab.users')}>
        <Users />
      </Tabs.Tab>
      <Tabs.Tab key="settings" title={t('admin.tab.settings')}>
        <Settings />
      </Tabs.Tab>
      <Tabs.Tab key="jobs" title={t('admin.tab.jobs')}>
        <Suspense fallback={null}>
          <JobsQueue />
        </Suspense>
      </Tabs.Tab>
      <Tabs.Tab key="log" title={t('admin.tab.log')}>
        <ActionLog />
      </Tabs.Tab>
    </Tabs>
  );
}

function Login({ onIn }: { onIn: (op: Operator) => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: { name: string; password: string }) => {
    setPending(true);
    try {
      onIn(await admin.login(v.name.trim(), v.password));
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    } finally {
      setPending(false);
    }
  };
  return (
    <main className={styles.login}>
      <div className={styles.loginHead}>
        <LangSwitch />
      </div>
      <h1>{t('admin.app.title')}</h1>
      <p className={styles.muted}>{t('admin.login.only')}</p>
      <Form
        layout="vertical"
        onFinish={onFinish}
        requiredMarkStyle="none"
        footer={
          <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending}>
            {t('admin.login.submit')}
          </Button>
        }
      >
        <Form.Item
          name="name"
          label={t('admin.login.name')}
          rules={[{ required: true, message: t('admin.login.nameRequired') }]}
        >
          <Input autoComplete="username" placeholder={t('admin.login.name')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin.login.password')}
          rules={[{ required: true, message: t('admin.login.passwordRequired') }]}
        >
          <Input type="password" autoComplete="current-password" placeholder={t('admin.login.password')} />
        </Form.Item>
      </Form>
    </main>
  );
}
