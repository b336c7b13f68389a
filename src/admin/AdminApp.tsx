import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Tabs, Toast } from 'antd-mobile';
import type { Operator } from '../../core';
import { admin, forgetLegacyTokens, setOnSessionLost } from './api';
import { KycQueue, RechargeQueue, TraderQueue, WithdrawQueue } from './queues';
import { Products } from './products';
import { Users } from './users';
import { Settings, ActionLog } from './settings';
import { ServiceInbox } from './service';
import styles from './admin.module.css';

// loaded when their tab is opened (the back office shares chunks with the app: its shell stays as it was)
const ChatroomDesk = lazy(() => import('./chatroom').then((m) => ({ default: m.ChatroomDesk })));
const GameDesk = lazy(() => import('./game').then((m) => ({ default: m.GameDesk })));

/** The operators' back office: its own login and session cookie, never a customer session. */
export function AdminApp() {
  const [me, setMe] = useState<Operator | null>(null);
  const [checked, setChecked] = useState(false);
  const [tab, setTab] = useState('kyc');

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

  if (!checked) return null;
  if (!me) return <Login onIn={setMe} />;
  return (
    <div className={styles.app}>
      <NavBar
        back={null}
        right={
          <Button
            size="mini"
            onClick={async () => {
              await admin.logout().catch(() => undefined);
              setMe(null);
            }}
          >
            Log out
          </Button>
        }
      >
        <h1 className={styles.title}>Back office · {me.name}</h1>
      </NavBar>
      <Tabs activeKey={tab} onChange={setTab} className={styles.tabs}>
        <Tabs.Tab key="kyc" title="Identity">
          <KycQueue />
        </Tabs.Tab>
        <Tabs.Tab key="service" title="Service">
          <ServiceInbox />
        </Tabs.Tab>
        <Tabs.Tab key="chatroom" title="Chat room">
          <Suspense fallback={null}>
            <ChatroomDesk />
          </Suspense>
        </Tabs.Tab>
        <Tabs.Tab key="game" title="Game">
          <Suspense fallback={null}>
            <GameDesk />
          </Suspense>
        </Tabs.Tab>
        <Tabs.Tab key="recharge" title="Recharges">
          <RechargeQueue />
        </Tabs.Tab>
        <Tabs.Tab key="withdraw" title="Withdrawals">
          <WithdrawQueue />
        </Tabs.Tab>
        <Tabs.Tab key="traders" title="Traders">
          <TraderQueue />
        </Tabs.Tab>
        <Tabs.Tab key="products" title="Products">
          <Products />
        </Tabs.Tab>
        <Tabs.Tab key="users" title="Users">
          <Users />
        </Tabs.Tab>
        <Tabs.Tab key="settings" title="Settings">
          <Settings />
        </Tabs.Tab>
        <Tabs.Tab key="log" title="Log">
          <ActionLog />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

function Login({ onIn }: { onIn: (op: Operator) => void }) {
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
      <h1>Back office</h1>
      <p className={styles.muted}>Operators only. Customer accounts cannot sign in here.</p>
      <Form
        layout="vertical"
        onFinish={onFinish}
        requiredMarkStyle="none"
        footer={
          <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending}>
            Sign in
          </Button>
        }
      >
        <Form.Item name="name" label="Operator name" rules={[{ required: true, message: 'Enter the operator name' }]}>
          <Input autoComplete="username" placeholder="Operator name" />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter the password' }]}>
          <Input type="password" autoComplete="current-password" placeholder="Password" />
        </Form.Item>
      </Form>
    </main>
  );
}
