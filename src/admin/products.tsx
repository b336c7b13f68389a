import { useState } from 'react';
import { Button, Dialog, Empty, Form, Input, Tag, TextArea, Toast } from 'antd-mobile';
import { ExactDecimal, type AdminIeoCreateInput, type IeoProject, type IeoStatus } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { useT, useFmt } from './i18n';
import { usePaged } from './usePaged';
import { KV, Pager } from './queues';
import styles from './admin.module.css';

/**
 * IEO projects: the list with subscription figures, a form to create one, and "Finalise now" for a
 * finished project the allocation job has not reached yet (it runs every few seconds, so the
 * button is rarely there for long). Creating is logged with the operator's reason.
 */
export function Products() {
  const t = useT();
  const list = usePaged((p) => admin.ieoProjects(p), []);
  const [creating, setCreating] = useState(false);
  const finalise = async (p: IeoProject) => {
    const sure = await Dialog.confirm({
      title: t('admin.ieo.finaliseTitle', { name: p.name }),
      content: t('admin.ieo.finaliseBody'),
      confirmText: t('admin.ieo.finalise'),
      cancelText: t('admin.common.cancel'),
    });
    if (!sure) return;
    try {
      await admin.finaliseIeo(p.id);
      Toast.show({ icon: 'success', content: t('admin.ieo.finalised') });
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
    await list.reload();
  };
  return (
    <div data-testid="admin-products">
      <div className={styles.bar}>
        <Button size="small" color="primary" onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
          {creating ? t('admin.ieo.closeForm') : t('admin.ieo.new')}
        </Button>
        <Button size="small" onClick={() => void list.reload()}>
          {t('admin.common.refresh')}
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
      {list.data && list.data.list.length === 0 ? <Empty description={t('admin.ieo.none')} /> : null}
      {list.data?.list.map((p) => (
        <ProjectCard key={p.id} p={p} onFinalise={() => void finalise(p)} />
      ))}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
    </div>
  );
}

const STATUS: Record<
  IeoStatus,
  { key: 'admin.ieo.status.warmup' | 'admin.ieo.status.in_progress' | 'admin.ieo.status.finished'; color: string }
> = {
  warmup: { key: 'admin.ieo.status.warmup', color: 'primary' },
  in_progress: { key: 'admin.ieo.status.in_progress', color: 'success' },
  finished: { key: 'admin.ieo.status.finished', color: 'default' },
};

function ProjectCard({ p, onFinalise }: { p: IeoProject; onFinalise: () => void }) {
  const t = useT();
  const f = useFmt();
  const s = STATUS[p.status];
  const pays = p.pay_currencies.map((c) => c.currency_name).join(', ') || 'USDT';
  return (
    <article className={styles.item} data-testid="ieo-item">
      <div className={styles.itemHead}>
        <span>
          {p.name} · {p.symbol} <span className={styles.muted}>#{p.id}</span>
        </span>
        <span>
          <Tag color={s.color}>{t(s.key)}</Tag>{' '}
          {p.finalised ? <Tag color="success">{t('admin.ieo.allotted')}</Tag> : null}
        </span>
      </div>
      <KV
        rows={[
          [t('admin.ieo.issuePrice'), `${f.num(p.issue_price)} (${pays})`],
          [t('admin.ieo.issuance'), `${f.num(p.total_issuance)} ${p.symbol}`],
          [
            t('admin.ieo.applied'),
            `${f.num(p.applied_amount)} · ${f.num(new ExactDecimal(p.progress).times(100).toFixed(2))}% · ${t('admin.ieo.orders', { count: p.applied_count })}`,
          ],
          ...(p.finalised
            ? ([[t('admin.ieo.allottedTo'), t('admin.ieo.orders', { count: p.passed_count })]] as [string, string][])
            : []),
          [t('admin.ieo.perOrder'), `${f.num(p.min_amount)} – ${f.num(p.max_amount ?? p.total_issuance)}`],
          [t('admin.ieo.subscription'), `${f.dateTime(p.start_at)} → ${f.dateTime(p.end_at)}`],
          [t('admin.ieo.listing'), t('admin.ieo.listingValue', { when: f.dateTime(p.listing_at), days: p.lock_days })],
        ]}
      />
      {p.status === 'finished' && !p.finalised ? (
        <div className={styles.actions}>
          <Button size="small" color="warning" onClick={onFinalise}>
            {t('admin.ieo.finaliseNow')}
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

/** what Form.useForm gives (antd-mobile does not export its type) */
type CreateFormInstance = ReturnType<typeof Form.useForm<CreateForm>>[0];

/** What the server is sent for the typed form and the operator's reason. */
function ieoInput(v: CreateForm, reason: string): AdminIeoCreateInput {
  return {
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
}

/** Ask for the reason, then create; the form is cleared on success. */
function useCreateIeo(form: CreateFormInstance, onCreated: () => Promise<void>) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: CreateForm) => {
    const reason = await askReason(t('admin.ieo.createReason', { symbol: v.symbol.toUpperCase() }));
    if (reason === null) return;
    const input = ieoInput(v, reason);
    setPending(true);
    try {
      const p = await admin.createIeo(input);
      Toast.show({ icon: 'success', content: t('admin.ieo.created', { name: p.name, id: p.id }) });
      form.resetFields();
      await onCreated();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    } finally {
      setPending(false);
    }
  };
  return { pending, onFinish };
}

function useIeoRules(form: CreateFormInstance) {
  const t = useT();
  const decimal = (required: boolean) => [
    ...(required ? [{ required: true, message: t('admin.form.required') }] : []),
    { pattern: DECIMAL, message: t('admin.form.decimal') },
  ];
  const req = { required: true, message: t('admin.form.required') };
  const url = { pattern: /^https?:\/\//, message: t('admin.form.url') };
  // the server's rule: end strictly after start, listing not before the end
  const after = (field: keyof CreateForm, strict: boolean, message: string) => ({
    validator: async (_: unknown, value: string) => {
      const before = form.getFieldValue(field) as string | undefined;
      if (!value || !before) return;
      const gap = new Date(value).getTime() - new Date(before).getTime();
      if (gap < 0 || (strict && gap === 0)) throw new Error(message);
    },
  });
  return { decimal, req, url, after };
}

type IeoRules = ReturnType<typeof useIeoRules>;

/** Price, issuance, the subscription limits, the token's decimals and the lock. */
function OfferingFields({ rules }: { rules: IeoRules }) {
  const t = useT();
  const { decimal, req } = rules;
  return (
    <>
      <Form.Item name="issue_price" label={t('admin.ieo.priceLabel')} rules={decimal(true)}>
        <Input inputMode="decimal" placeholder="0.5" />
      </Form.Item>
      <Form.Item name="total_issuance" label={t('admin.ieo.issuanceLabel')} rules={decimal(true)}>
        <Input inputMode="decimal" placeholder="1000000" />
      </Form.Item>
      <Form.Item name="min_amount" label={t('admin.ieo.minLabel')} rules={decimal(false)}>
        <Input inputMode="decimal" placeholder={t('admin.ieo.minHint')} />
      </Form.Item>
      <Form.Item name="max_amount" label={t('admin.ieo.maxLabel')} rules={decimal(false)}>
        <Input inputMode="decimal" placeholder={t('admin.ieo.maxHint')} />
      </Form.Item>
      <Form.Item
        name="token_decimals"
        label={t('admin.ieo.decimalsLabel')}
        rules={[req, { pattern: /^(1[0-8]|\d)$/, message: t('admin.form.range', { min: 0, max: 18 }) }]}
      >
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="lock_days"
        label={t('admin.ieo.lockLabel')}
        rules={[req, { pattern: /^\d{1,4}$/, message: t('admin.form.range', { min: 0, max: 3650 }) }]}
      >
        <Input inputMode="numeric" />
      </Form.Item>
    </>
  );
}

/** Subscription start and end, and the listing. */
function ScheduleFields({ rules }: { rules: IeoRules }) {
  const t = useT();
  const { req, after } = rules;
  return (
    <>
      <Form.Item name="start_at" label={t('admin.ieo.startLabel')} rules={[req]}>
        <input type="datetime-local" className={styles.native} />
      </Form.Item>
      <Form.Item
        name="end_at"
        label={t('admin.ieo.endLabel')}
        dependencies={['start_at']}
        rules={[req, after('start_at', true, t('admin.form.afterStart'))]}
      >
        <input type="datetime-local" className={styles.native} />
      </Form.Item>
      <Form.Item
        name="listing_at"
        label={t('admin.ieo.listingLabel')}
        dependencies={['end_at']}
        rules={[req, after('end_at', false, t('admin.form.notBeforeEnd'))]}
      >
        <input type="datetime-local" className={styles.native} />
      </Form.Item>
    </>
  );
}

function CreateIeo({ onCreated }: { onCreated: () => Promise<void> }) {
  const t = useT();
  const [form] = Form.useForm<CreateForm>();
  const { pending, onFinish } = useCreateIeo(form, onCreated);
  const rules = useIeoRules(form);
  const { req, url } = rules;
  return (
    <section className={styles.section} aria-label={t('admin.ieo.new')} data-testid="ieo-create">
      <h2>{t('admin.ieo.new')}</h2>
      <p className={styles.muted}>{t('admin.ieo.formHint')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        onFinish={(v) => void onFinish(v)}
        requiredMarkStyle="none"
        footer={
          <Button block type="submit" color="primary" loading={pending} disabled={pending}>
            {t('admin.ieo.create')}
          </Button>
        }
      >
        <Form.Item name="name" label={t('admin.ieo.name')} rules={[req, { max: 60, message: t('admin.form.max60') }]}>
          <Input placeholder={t('admin.ieo.nameHint')} />
        </Form.Item>
        <Form.Item
          name="symbol"
          label={t('admin.ieo.symbol')}
          rules={[req, { pattern: /^[A-Za-z0-9]{2,12}$/, message: t('admin.form.symbol') }]}
        >
          <Input placeholder={t('admin.ieo.symbolHint')} />
        </Form.Item>
        <OfferingFields rules={rules} />
        <ScheduleFields rules={rules} />
        <Form.Item name="website" label={t('admin.ieo.websiteLabel')} rules={[url]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="white_paper" label={t('admin.ieo.whitePaperLabel')} rules={[url]}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="description" label={t('admin.ieo.descriptionLabel')}>
          <TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Form>
    </section>
  );
}
