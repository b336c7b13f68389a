import { useState } from 'react';
import { Button, Dialog, Empty, Form, Input, Tag, TextArea, Toast } from 'antd-mobile';
import { ExactDecimal, type AdminIeoCreateInput, type IeoProject, type IeoStatus } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { usePaged } from './usePaged';
import { KV, Pager } from './queues';
import styles from './admin.module.css';

/**
 * IEO projects: the list with subscription figures, a form to create one, and "Finalise now" for a
 * finished project the allocation job has not reached yet (it runs every few seconds, so the
 * button is rarely there for long). Creating is logged with the operator's reason.
 */
export function Products() {
  const list = usePaged((p) => admin.ieoProjects(p), []);
  const [creating, setCreating] = useState(false);
  const finalise = async (p: IeoProject) => {
    const sure = await Dialog.confirm({
      title: `Finalise ${p.name}?`,
      content: 'Allots the tokens now (pro rata if oversubscribed) and refunds the rest. It cannot be undone.',
      confirmText: 'Finalise',
      cancelText: 'Cancel',
    });
    if (!sure) return;
    try {
      await admin.finaliseIeo(p.id);
      Toast.show({ icon: 'success', content: 'Finalised' });
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
    await list.reload();
  };
  return (
    <div data-testid="admin-products">
      <div className={styles.bar}>
        <Button size="small" color="primary" onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
          {creating ? 'Close form' : 'New IEO project'}
        </Button>
        <Button size="small" onClick={() => void list.reload()}>
          Refresh
        </Button>
      </div>
      {creating ? (
        <CreateIeo
          onCreated={async () => {
            setCreating(false);
            await list.reload();
          }}
        />
      ) : null}
      {list.error ? <p className={styles.reject}>{list.error}</p> : null}
      {list.data && list.data.list.length === 0 ? <Empty description="No IEO projects yet" /> : null}
      {list.data?.list.map((p) => (
        <ProjectCard key={p.id} p={p} onFinalise={() => void finalise(p)} />
      ))}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
    </div>
  );
}

const STATUS: Record<IeoStatus, { label: string; color: string }> = {
  warmup: { label: 'warm-up', color: 'primary' },
  in_progress: { label: 'in progress', color: 'success' },
  finished: { label: 'finished', color: 'default' },
};

function ProjectCard({ p, onFinalise }: { p: IeoProject; onFinalise: () => void }) {
  const s = STATUS[p.status];
  const pays = p.pay_currencies.map((c) => c.currency_name).join(', ') || 'USDT';
  return (
    <article className={styles.item} data-testid="ieo-item">
      <div className={styles.itemHead}>
        <span>
          {p.name} · {p.symbol} <span className={styles.muted}>#{p.id}</span>
        </span>
        <span>
          <Tag color={s.color}>{s.label}</Tag> {p.finalised ? <Tag color="success">allotted</Tag> : null}
        </span>
      </div>
      <KV
        rows={[
          ['Issue price', `${p.issue_price} (${pays})`],
          ['Issuance', `${p.total_issuance} ${p.symbol}`],
          ['Applied', `${p.applied_amount} · ${new ExactDecimal(p.progress).times(100).toFixed(2)}% · ${p.applied_count} orders`],
          ...(p.finalised ? ([['Allotted to', `${p.passed_count} orders`]] as [string, string][]) : []),
          ['Per order', `${p.min_amount} – ${p.max_amount ?? p.total_issuance}`],
          ['Subscription', `${when(p.start_at)} → ${when(p.end_at)}`],
          ['Listing', `${when(p.listing_at)}, lock ${p.lock_days} d`],
        ]}
      />
      {p.status === 'finished' && !p.finalised ? (
        <div className={styles.actions}>
          <Button size="small" color="warning" onClick={onFinalise}>
            Finalise now
          </Button>
        </div>
      ) : null}
    </article>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the value of <input type="datetime-local"> (local time, minutes). */
function localInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : localInput(d).replace('T', ' ');
}

const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;
const HOUR = 3_600_000;

interface CreateForm {
  name: string;
  symbol: string;
  issue_price: string;
  total_issuance: string;
  min_amount?: string;
  max_amount?: string;
  token_decimals: string;
  lock_days: string;
  start_at: string;
  end_at: string;
  listing_at: string;
  website?: string;
  white_paper?: string;
  description?: string;
}

function initialValues(): Partial<CreateForm> {
  // the next full hour, a week's subscription, listing a day after it ends
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
  return {
    token_decimals: '4',
    lock_days: '0',
    start_at: localInput(start),
    end_at: localInput(new Date(start.getTime() + 7 * 24 * HOUR)),
    listing_at: localInput(new Date(start.getTime() + 8 * 24 * HOUR)),
  };
}

/** Times go to the server as epoch milliseconds, so the operator's time zone is never guessed. */
const epoch = (local: string) => String(new Date(local).getTime());

function CreateIeo({ onCreated }: { onCreated: () => Promise<void> }) {
  const [form] = Form.useForm<CreateForm>();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: CreateForm) => {
    const reason = await askReason(`Create IEO ${v.symbol.toUpperCase()}: reason`);
    if (reason === null) return;
    const input: AdminIeoCreateInput = {
      name: v.name.trim(),
      symbol: v.symbol.trim(),
      issue_price: v.issue_price.trim(),
      total_issuance: v.total_issuance.trim(),
      min_amount: v.min_amount?.trim() || undefined,
      max_amount: v.max_amount?.trim() || undefined,
      token_decimals: Number(v.token_decimals),
      lock_days: Number(v.lock_days),
      start_at: epoch(v.start_at),
      end_at: epoch(v.end_at),
      listing_at: epoch(v.listing_at),
      website: v.website?.trim() || undefined,
      white_paper: v.white_paper?.trim() || undefined,
      description: v.description?.trim() || undefined,
      reason,
    };
    setPending(true);
    try {
      const p = await admin.createIeo(input);
      Toast.show({ icon: 'success', content: `Created ${p.name} (#${p.id})` });
      form.resetFields();
      await onCreated();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    } finally {
      setPending(false);
    }
  };
  const decimal = (required: boolean) => [
    ...(required ? [{ required: true, message: 'Required' }] : []),
    { pattern: DECIMAL, message: 'A plain decimal, e.g. 0.5' },
  ];
  // the server's rule: end strictly after start, listing not before the end
  const after = (field: keyof CreateForm, strict: boolean, message: string) => ({
    validator: async (_: unknown, value: string) => {
      const before = form.getFieldValue(field) as string | undefined;
      if (!value || !before) return;
      const gap = new Date(value).getTime() - new Date(before).getTime();
      if (gap < 0 || (strict && gap === 0)) throw new Error(message);
    },
  });
  return (
    <section className={styles.section} aria-label="New IEO project" data-testid="ieo-create">
      <h2>New IEO project</h2>
      <p className={styles.muted}>Paid in USDT at the issue price. A new symbol gets its own token currency.</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        onFinish={(v) => void onFinish(v)}
        requiredMarkStyle="none"
        footer={
          <Button block type="submit" color="primary" loading={pending} disabled={pending}>
            Create project
          </Button>
        }
      >
        <Form.Item name="name" label="Project name" rules={[{ required: true, message: 'Required' }, { max: 60, message: 'At most 60 characters' }]}>
          <Input placeholder="e.g. Demo Token" />
        </Form.Item>
        <Form.Item name="symbol" label="Token symbol" rules={[{ required: true, message: 'Required' }, { pattern: /^[A-Za-z0-9]{2,12}$/, message: '2–12 letters or digits' }]}>
          <Input placeholder="e.g. DMT" />
        </Form.Item>
        <Form.Item name="issue_price" label="Issue price (USDT)" rules={decimal(true)}>
          <Input inputMode="decimal" placeholder="0.5" />
        </Form.Item>
        <Form.Item name="total_issuance" label="Total issuance (tokens)" rules={decimal(true)}>
          <Input inputMode="decimal" placeholder="1000000" />
        </Form.Item>
        <Form.Item name="min_amount" label="Minimum per order (optional)" rules={decimal(false)}>
          <Input inputMode="decimal" placeholder="smallest token unit" />
        </Form.Item>
        <Form.Item name="max_amount" label="Maximum per order (optional)" rules={decimal(false)}>
          <Input inputMode="decimal" placeholder="the whole issuance" />
        </Form.Item>
        <Form.Item name="token_decimals" label="Token decimals (0–18)" rules={[{ required: true, message: 'Required' }, { pattern: /^(1[0-8]|\d)$/, message: '0 to 18' }]}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="lock_days" label="Lock after listing (days)" rules={[{ required: true, message: 'Required' }, { pattern: /^\d{1,4}$/, message: '0 to 3650' }]}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="start_at" label="Subscription starts" rules={[{ required: true, message: 'Required' }]}>
          <input type="datetime-local" className={styles.native} />
        </Form.Item>
        <Form.Item name="end_at" label="Subscription ends" dependencies={['start_at']} rules={[{ required: true, message: 'Required' }, after('start_at', true, 'Must be after the start')]}>
          <input type="datetime-local" className={styles.native} />
        </Form.Item>
        <Form.Item name="listing_at" label="Listing time" dependencies={['end_at']} rules={[{ required: true, message: 'Required' }, after('end_at', false, 'Cannot be before the end')]}>
          <input type="datetime-local" className={styles.native} />
        </Form.Item>
        <Form.Item name="website" label="Website (optional)" rules={[{ pattern: /^https?:\/\//, message: 'Starts with http:// or https://' }]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="white_paper" label="White paper (optional)" rules={[{ pattern: /^https?:\/\//, message: 'Starts with http:// or https://' }]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="description" label="Description (optional)">
          <TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Form>
    </section>
  );
}
