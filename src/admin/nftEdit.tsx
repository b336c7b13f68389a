import { useState } from 'react';
import { Button, Form, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { NFT_RARITIES, type AdminNftItem, type AdminNftItemEdit, type NftRarity } from '../../core';
import { admin } from './api';
import { DECIMAL, epoch, localInput } from './nftForm';
import { manifestText, parseManifest } from './manifest';
import { useT } from './i18n';
import styles from './admin.module.css';

interface EditForm {
  title: string;
  description: string;
  rarity: NftRarity[];
  price: string;
  per_increase: string;
  margin: string;
  start_at: string;
  end_at: string;
  manifest: string;
  reason: string;
}

function valuesOf(i: AdminNftItem): EditForm {
  return {
    title: i.title,
    description: i.description,
    rarity: [i.rarity as NftRarity],
    price: i.price,
    per_increase: i.per_increase,
    margin: i.margin,
    start_at: localInput(new Date(i.start_at)),
    end_at: localInput(new Date(i.end_at)),
    manifest: i.series ? manifestText(i.series.manifest) : '',
    reason: '',
  };
}

/** Only the fields the operator changed, with the reason (a field the form does not show, such as an auction's terms on a fixed-price item, is not in `v`). */
function editInput(id: number, v: EditForm, initial: EditForm): AdminNftItemEdit {
  const changed = <K extends keyof EditForm>(k: K) =>
    v[k] !== undefined && JSON.stringify(v[k]) !== JSON.stringify(initial[k]);
  const input: AdminNftItemEdit = { id, reason: v.reason.trim() };
  if (changed('title')) input.title = v.title.trim();
  if (changed('description')) input.description = v.description;
  if (changed('rarity')) input.rarity = v.rarity[0];
  if (changed('price')) input.price = v.price.trim();
  if (changed('per_increase')) input.per_increase = v.per_increase.trim();
  if (changed('margin')) input.margin = v.margin.trim();
  if (changed('start_at')) input.start_time = epoch(v.start_at);
  if (changed('end_at')) input.end_time = epoch(v.end_at);
  if (changed('manifest')) input.manifest = parseManifest(v.manifest) ?? undefined;
  return input;
}

/** Send the edit; the toast names the fields the server changed. */
function useSaveEdit(item: AdminNftItem, initial: EditForm, onSaved: () => Promise<void>) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: EditForm) => {
    const input = editInput(item.id, v, initial);
    setPending(true);
    try {
      const done = await admin.editNftItem(input);
      const fields = Object.keys(done);
      Toast.show({
        icon: fields.length ? 'success' : undefined,
        content: fields.length ? t('admin.nft.edit.saved', { fields: fields.join(', ') }) : t('admin.nft.edit.nothing'),
      });
      await onSaved();
    } catch (e) {
      // the server's reason in the operator's language; the form keeps what was typed
      Toast.show({ content: (e as Error).message });
    } finally {
      setPending(false);
    }
  };
  return { pending, onFinish };
}

/** what Form.useForm gives (antd-mobile does not export its type) */
type EditFormInstance = ReturnType<typeof Form.useForm<EditForm>>[0];

function useEditRules(form: EditFormInstance, item: AdminNftItem) {
  const t = useT();
  const req = { required: true, message: t('admin.form.required') };
  const decimal = [req, { pattern: DECIMAL, message: t('admin.form.decimal') }];
  const afterStart = {
    validator: async (_: unknown, value: string) => {
      const start = form.getFieldValue('start_at') as string | undefined;
      if (value && start && new Date(value).getTime() <= new Date(start).getTime())
        throw new Error(t('admin.form.afterStart'));
    },
  };
  const manifestRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (item.series && parseManifest(value ?? '') === null) throw new Error(t('admin.nft.manifestInvalid'));
    },
  };
  return { req, decimal, afterStart, manifestRule };
}

/** The sale's terms: price (an auction's step and margin too) and its start and end, each locked as the server says. */
function TermsFields({ item, rules }: { item: AdminNftItem; rules: ReturnType<typeof useEditRules> }) {
  const t = useT();
  const { req, decimal, afterStart } = rules;
  const { terms } = item.editable;
  const locked = terms === 'locked';
  const priceLabel =
    item.pay_type === 2
      ? t('admin.nft.startPrice')
      : item.pay_type === 3
        ? t('admin.nft.boxPrice')
        : t('admin.nft.price');
  return (
    <>
      <Form.Item name="price" label={priceLabel} rules={decimal} disabled={locked}>
        <Input inputMode="decimal" disabled={locked} data-testid="nft-admin-edit-price" />
      </Form.Item>
      {item.pay_type === 2 ? (
        <>
          <Form.Item name="per_increase" label={t('admin.nft.step')} rules={decimal} disabled={locked}>
            <Input inputMode="decimal" disabled={locked} />
          </Form.Item>
          <Form.Item name="margin" label={t('admin.nft.margin')} rules={decimal} disabled={locked}>
            <Input inputMode="decimal" disabled={locked} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="start_at" label={t('admin.nft.start')} rules={[req]} disabled={terms !== 'free'}>
        <input type="datetime-local" className={styles.native} disabled={terms !== 'free'} />
      </Form.Item>
      <Form.Item
        name="end_at"
        label={t('admin.nft.end')}
        dependencies={['start_at']}
        rules={[req, afterStart]}
        disabled={locked}
      >
        <input type="datetime-local" className={styles.native} disabled={locked} data-testid="nft-admin-edit-end" />
      </Form.Item>
    </>
  );
}

/**
 * Edit one item or blind-box series. The server says what may change now (item.editable, from
 * server/areas/nft/edit-rules.ts): locked fields are shown disabled with the rule that locks them,
 * and the server refuses the same edits in the operator's language if the state moved meanwhile
 * (a bid placed while the form was open). Only the fields the operator changed are sent, with the
 * reason the action log keeps.
 */
export function NftItemEdit({ item, onSaved }: { item: AdminNftItem; onSaved: () => Promise<void> }) {
  const t = useT();
  const [form] = Form.useForm<EditForm>();
  const initial = valuesOf(item);
  const { pending, onFinish } = useSaveEdit(item, initial, onSaved);
  const rules = useEditRules(form, item);
  const { terms, rarity, manifest } = item.editable;
  return (
    <section
      className={styles.section}
      aria-label={t('admin.nft.edit.title', { code: item.code })}
      data-testid={`nft-admin-edit-${item.code}`}
    >
      <p className={terms === 'locked' ? styles.reject : styles.muted} data-testid="nft-admin-edit-rule">
        {t(`admin.nft.edit.rule.${terms}`)}
        {rarity ? null : ` ${t('admin.nft.edit.rule.rarity')}`}
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void onFinish(v)}
        requiredMarkStyle="none"
        footer={
          <Button
            block
            type="submit"
            color="primary"
            loading={pending}
            disabled={pending}
            data-testid="nft-admin-edit-save"
          >
            {t('admin.common.save')}
          </Button>
        }
      >
        <Form.Item
          name="title"
          label={t('admin.nft.title')}
          rules={[rules.req, { max: 120, message: t('admin.nft.max120') }]}
        >
          <Input data-testid="nft-admin-edit-title" />
        </Form.Item>
        <Form.Item name="description" label={t('admin.nft.description')}>
          <TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="rarity" label={t('admin.nft.rarity')} disabled={!rarity}>
          <Selector columns={4} disabled={!rarity} options={NFT_RARITIES.map((r) => ({ label: r, value: r }))} />
        </Form.Item>
        <TermsFields item={item} rules={rules} />
        {item.series ? (
          <Form.Item
            name="manifest"
            label={t('admin.nft.manifest')}
            help={t('admin.nft.edit.manifestHint')}
            rules={[rules.manifestRule]}
            disabled={!manifest}
          >
            <TextArea rows={3} disabled={!manifest} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('admin.field.reason')}
          rules={[{ required: true, whitespace: true, message: t('admin.nft.edit.reasonRequired') }]}
        >
          <Input placeholder={t('admin.nft.edit.reasonHint')} data-testid="nft-admin-edit-reason" />
        </Form.Item>
      </Form>
    </section>
  );
}
