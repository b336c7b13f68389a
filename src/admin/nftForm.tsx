import { useEffect, useState } from 'react';
import { Button, Form, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { NFT_RARITIES, type AdminNftItemInput, type NftRarity } from '../../core';
import { admin } from './api';
import { useList } from './useList';
import { parseManifest } from './manifest';
import { useT, type AdminKey } from './i18n';
import styles from './admin.module.css';

/** sale mode by pay_type (1 fixed price, 2 auction, 3 blind box) */
export const NFT_MODE_KEY: Record<number, AdminKey> = {
  1: 'admin.nft.mode.fixed',
  2: 'admin.nft.mode.auction',
  3: 'admin.nft.mode.box',
};

export const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;
const CODE = /^[A-Za-z0-9-]{1,48}$/;
const HOUR = 3_600_000;
/** what the picker offers; the server still decides by the bytes */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,audio/*,video/mp4,video/webm';

interface ItemForm {
  code: string;
  title: string;
  collection_id: string;
  rarity: NftRarity[];
  pay_type: ('1' | '2' | '3')[];
  price: string;
  currency_id: number[];
  per_increase?: string;
  margin?: string;
  manifest?: string;
  start_at: string;
  end_at: string;
  description?: string;
}

/** what Form.useForm gives (antd-mobile does not export its type) */
type ItemFormInstance = ReturnType<typeof Form.useForm<ItemForm>>[0];

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the value of <input type="datetime-local"> (local time, minutes). */
export const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** Times go to the server as epoch milliseconds, so the operator's time zone is never guessed. */
export const epoch = (local: string) => String(new Date(local).getTime());

function initialValues(): Partial<ItemForm> {
  // on sale from now for a week; a code no other item has, the operator may change it
  const start = new Date();
  return {
    code: `OP-${Date.now().toString(36).toUpperCase()}`,
    rarity: ['R'],
    pay_type: ['1'],
    start_at: localInput(start),
    end_at: localInput(new Date(start.getTime() + 7 * 24 * HOUR)),
  };
}

/** The collections (with their artist's name) and the currencies the form offers; USDT picked once they are here. */
function useItemChoices(form: ItemFormInstance) {
  const collections = useList(
    () =>
      Promise.all([admin.nftCollections(), admin.nftArtists()]).then(([c, a]) =>
        c.map((x) => ({ ...x, artist: a.find((y) => y.id === x.artist_id)?.name ?? `#${x.artist_id}` })),
      ),
    [],
  );
  const currencies = useList(() => admin.nftCurrencies(), []);
  useEffect(() => {
    // the first currency (USDT) by default, once the list is here
    if (currencies.list?.length && !form.getFieldValue('currency_id'))
      form.setFieldValue('currency_id', [currencies.list.find((c) => c.name === 'USDT')?.id ?? currencies.list[0].id]);
  }, [currencies.list, form]);
  return { collections: collections.list, currencies: currencies.list };
}

/** What the server is sent for the typed form (the media already uploaded). */
function itemInput(v: ItemForm, media: AdminNftItemInput['media']): AdminNftItemInput {
  const payType = v.pay_type[0];
  return {
    code: v.code.trim(),
    title: v.title.trim(),
    collection_id: Number(v.collection_id),
    rarity: v.rarity[0],
    currency_id: v.currency_id[0],
    price: v.price.trim(),
    pay_type: payType,
    start_time: epoch(v.start_at),
    end_time: epoch(v.end_at),
    description: v.description?.trim() || undefined,
    media,
    ...(payType === '2' ? { per_increase: v.per_increase?.trim(), margin: v.margin?.trim() || '0' } : {}),
    ...(payType === '3' ? { manifest: parseManifest(v.manifest ?? '') ?? undefined } : {}),
  };
}

/** Upload the media, then create the item; the form is cleared on success and keeps what was typed on a refusal. */
function useCreateItem(form: ItemFormInstance, onCreated: () => Promise<void>) {
  const t = useT();
  const [file, setFile] = useState<File>();
  const [pending, setPending] = useState(false);
  const onFinish = async (v: ItemForm) => {
    setPending(true);
    try {
      const media = file ? (await admin.nftUploadMedia(file)).media : undefined;
      const input = itemInput(v, media);
      const id = await admin.createNftItem(input);
      Toast.show({ icon: 'success', content: t('admin.nft.created', { code: input.code, id }) });
      form.resetFields();
      setFile(undefined);
      await onCreated();
    } catch (e) {
      // the server's reason, in the operator's language (the client sends it); the form keeps what was typed
      Toast.show({ content: (e as Error).message });
    } finally {
      setPending(false);
    }
  };
  return { setFile, pending, onFinish };
}

/** The form's validation rules, with their messages in the operator's language. */
function useItemRules(form: ItemFormInstance) {
  const t = useT();
  const req = { required: true, message: t('admin.form.required') };
  const decimal = (required: boolean) => [
    ...(required ? [req] : []),
    { pattern: DECIMAL, message: t('admin.form.decimal') },
  ];
  const pick = {
    validator: async (_: unknown, v: unknown[] | undefined) => {
      if (!v?.length) throw new Error(t('admin.form.required'));
    },
  };
  const afterStart = {
    validator: async (_: unknown, value: string) => {
      const start = form.getFieldValue('start_at') as string | undefined;
      if (value && start && new Date(value).getTime() <= new Date(start).getTime())
        throw new Error(t('admin.form.afterStart'));
    },
  };
  const manifestRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (value && parseManifest(value) === null) throw new Error(t('admin.nft.manifestInvalid'));
    },
  };
  return { req, decimal, pick, afterStart, manifestRule };
}

type ItemRules = ReturnType<typeof useItemRules>;
type Collection = { id: number; name: string; artist: string };

/** Title, code, collection and the media file. */
function IdentityFields({
  rules,
  collections,
  setFile,
}: {
  rules: ItemRules;
  collections: Collection[] | null;
  setFile: (f: File | undefined) => void;
}) {
  const t = useT();
  const { req } = rules;
  return (
    <>
      <Form.Item name="title" label={t('admin.nft.title')} rules={[req, { max: 120, message: t('admin.nft.max120') }]}>
        <Input placeholder={t('admin.nft.titleHint')} data-testid="nft-admin-title" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('admin.nft.code')}
        rules={[req, { pattern: CODE, message: t('admin.nft.codeRule') }]}
      >
        <Input data-testid="nft-admin-code" />
      </Form.Item>
      <Form.Item name="collection_id" label={t('admin.nft.collection')} rules={[req]}>
        <select className={styles.native} data-testid="nft-admin-collection">
          <option value="">{t('admin.nft.chooseCollection')}</option>
          {collections?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} — {c.artist}
            </option>
          ))}
        </select>
      </Form.Item>
      <label className={styles.fileField}>
        <span>{t('admin.nft.media')}</span>
        <input
          type="file"
          accept={ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0])}
          data-testid="nft-admin-media"
        />
        <span className={styles.muted}>{t('admin.nft.mediaHint')}</span>
      </label>
    </>
  );
}

/** Rarity, sale mode, price and currency, and the fields of the chosen mode (an auction's step, a box's manifest). */
function SaleFields({
  rules,
  mode,
  currencies,
}: {
  rules: ItemRules;
  mode: '1' | '2' | '3';
  currencies: { id: number; name: string }[] | null;
}) {
  const t = useT();
  const { req, decimal, pick, manifestRule } = rules;
  return (
    <>
      <Form.Item name="rarity" label={t('admin.nft.rarity')} rules={[pick]}>
        <Selector columns={4} options={NFT_RARITIES.map((r) => ({ label: r, value: r }))} />
      </Form.Item>
      <Form.Item name="pay_type" label={t('admin.nft.modeLabel')} rules={[pick]}>
        <Selector
          columns={3}
          options={(['1', '2', '3'] as const).map((p) => ({ label: t(NFT_MODE_KEY[Number(p)]), value: p }))}
        />
      </Form.Item>
      <Form.Item
        name="price"
        label={mode === '2' ? t('admin.nft.startPrice') : mode === '3' ? t('admin.nft.boxPrice') : t('admin.nft.price')}
        rules={decimal(true)}
      >
        <Input inputMode="decimal" placeholder="25" data-testid="nft-admin-price" />
      </Form.Item>
      <Form.Item name="currency_id" label={t('admin.nft.currency')} rules={[pick]}>
        <Selector columns={3} options={(currencies ?? []).map((c) => ({ label: c.name, value: c.id }))} />
      </Form.Item>
      {mode === '2' ? (
        <>
          <Form.Item name="per_increase" label={t('admin.nft.step')} rules={decimal(true)}>
            <Input inputMode="decimal" placeholder="1" />
          </Form.Item>
          <Form.Item name="margin" label={t('admin.nft.margin')} rules={decimal(false)}>
            <Input inputMode="decimal" placeholder="0" />
          </Form.Item>
        </>
      ) : null}
      {mode === '3' ? (
        <Form.Item
          name="manifest"
          label={t('admin.nft.manifest')}
          help={t('admin.nft.manifestHint')}
          rules={[req, manifestRule]}
        >
          <TextArea rows={4} placeholder={'Golden Koi: 1\nJade Koi: 9'} />
        </Form.Item>
      ) : null}
    </>
  );
}

/** When the sale runs, and the description. */
function ScheduleFields({ rules }: { rules: ItemRules }) {
  const t = useT();
  const { req, afterStart } = rules;
  return (
    <>
      <Form.Item name="start_at" label={t('admin.nft.start')} rules={[req]}>
        <input type="datetime-local" className={styles.native} />
      </Form.Item>
      <Form.Item name="end_at" label={t('admin.nft.end')} dependencies={['start_at']} rules={[req, afterStart]}>
        <input type="datetime-local" className={styles.native} data-testid="nft-admin-end" />
      </Form.Item>
      <Form.Item name="description" label={t('admin.nft.description')}>
        <TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </>
  );
}

/** Create an item: its media uploaded first (checked by its bytes), then the item; the server's refusal is shown in the operator's language. */
export function NftItemForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const t = useT();
  const [form] = Form.useForm<ItemForm>();
  const [mode, setMode] = useState<'1' | '2' | '3'>('1');
  const { collections, currencies } = useItemChoices(form);
  const { setFile, pending, onFinish } = useCreateItem(form, onCreated);
  const rules = useItemRules(form);
  return (
    <section className={styles.section} aria-label={t('admin.nft.new')} data-testid="nft-admin-create">
      <h2>{t('admin.nft.new')}</h2>
      <p className={styles.muted}>{t('admin.nft.formHint')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        onFinish={(v) => void onFinish(v)}
        onValuesChange={(c: Partial<ItemForm>) => c.pay_type?.[0] && setMode(c.pay_type[0])}
        requiredMarkStyle="none"
        footer={
          <Button
            block
            type="submit"
            color="primary"
            loading={pending}
            disabled={pending}
            data-testid="nft-admin-submit"
          >
            {t('admin.nft.create')}
          </Button>
        }
      >
        <IdentityFields rules={rules} collections={collections} setFile={setFile} />
        <SaleFields rules={rules} mode={mode} currencies={currencies} />
        <ScheduleFields rules={rules} />
      </Form>
    </section>
  );
}
