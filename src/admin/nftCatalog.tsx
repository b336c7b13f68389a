import { useState } from 'react';
import { Button, Empty, Input, TextArea, Toast } from 'antd-mobile';
import type { AdminNftArtist } from '../../core';
import { admin } from './api';
import { useList } from './useList';
import { askReason } from './askReason';
import { useFmt, useT } from './i18n';
import styles from './admin.module.css';

/**
 * Artists and collections: rename, rewrite a bio or description (with a reason, logged with what
 * changed), add new ones; and the platform's NFT revenue (fees, forfeited margins, box sales).
 */
export function NftCatalog() {
  const t = useT();
  const artists = useList(() => admin.nftArtists(), []);
  const collections = useList(() => admin.nftCollections(), []);
  const reload = async () => void (await Promise.all([artists.load(), collections.load()]));
  return (
    <div data-testid="nft-admin-catalog">
      <Revenue />
      <section className={styles.section}>
        <h2>{t('admin.nft.catalog.artists')}</h2>
        {artists.error ? <p className={styles.reject}>{artists.error}</p> : null}
        {artists.list?.map((a) => (
          <Entry
            key={a.id}
            testId={`nft-admin-artist-${a.id}`}
            title={`#${a.id}${a.user_id ? ` · ${t('admin.nft.catalog.creator', { id: a.user_id })}` : ''}`}
            name={a.name}
            text={a.bio}
            textLabel={t('admin.nft.catalog.bio')}
            save={(name, text, reason) => admin.editNftArtist(a.id, name, text, reason)}
            onSaved={reload}
          />
        ))}
        <Create
          textLabel={t('admin.nft.catalog.bio')}
          label={t('admin.nft.catalog.newArtist')}
          create={(name, text) => admin.createNftArtist(name, text)}
          onSaved={reload}
        />
      </section>
      <section className={styles.section}>
        <h2>{t('admin.nft.catalog.collections')}</h2>
        {collections.list?.length === 0 ? <Empty /> : null}
        {collections.list?.map((c) => (
          <Entry
            key={c.id}
            testId={`nft-admin-collection-${c.id}`}
            title={`#${c.id} · ${artists.list?.find((a) => a.id === c.artist_id)?.name ?? `#${c.artist_id}`}`}
            name={c.name}
            text={c.description}
            textLabel={t('admin.nft.description')}
            save={(name, text, reason) => admin.editNftCollection(c.id, name, text, reason)}
            onSaved={reload}
          />
        ))}
        <NewCollection artists={artists.list ?? []} onSaved={reload} />
      </section>
    </div>
  );
}

function Revenue() {
  const t = useT();
  const f = useFmt();
  const r = useList(() => admin.nftRevenue().then((x) => x.balances), []);
  return (
    <section className={styles.section} data-testid="nft-admin-revenue">
      <h2>{t('admin.nft.catalog.revenue')}</h2>
      <p className={styles.muted}>{t('admin.nft.catalog.revenueNote')}</p>
      {r.list?.length === 0 ? <p className={styles.muted}>{t('admin.nft.catalog.noRevenue')}</p> : null}
      <dl className={styles.kv}>
        {r.list?.map((b) => (
          <div key={`${b.currency}-${b.type}`} style={{ display: 'contents' }}>
            <dt>{b.currency}</dt>
            <dd>{f.num(b.available)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One artist or collection: its name and text, saved with a reason. */
function Entry({
  testId,
  title,
  name,
  text,
  textLabel,
  save,
  onSaved,
}: {
  testId: string;
  title: string;
  name: string;
  text: string;
  textLabel: string;
  save: (name: string, text: string, reason: string) => Promise<Record<string, unknown>>;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const [n, setN] = useState(name);
  const [x, setX] = useState(text);
  const dirty = n.trim() !== name || x !== text;
  const onSave = async () => {
    if (!n.trim()) return void Toast.show({ content: t('admin.form.required') });
    const reason = await askReason(t('admin.nft.catalog.saveTitle', { name }));
    if (reason === null) return;
    try {
      const changed = Object.keys(await save(n.trim(), x, reason));
      Toast.show({
        icon: 'success',
        content: changed.length
          ? t('admin.nft.edit.saved', { fields: changed.join(', ') })
          : t('admin.nft.edit.nothing'),
      });
      await onSaved();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <article className={styles.item} data-testid={testId}>
      <div className={styles.muted}>{title}</div>
      <Input value={n} onChange={setN} aria-label={t('admin.nft.catalog.name')} maxLength={80} />
      <TextArea value={x} onChange={setX} aria-label={textLabel} placeholder={textLabel} rows={2} maxLength={1000} />
      <Button size="small" color="primary" disabled={!dirty} onClick={() => void onSave()}>
        {t('admin.common.save')}
      </Button>
    </article>
  );
}

function Create({
  label,
  textLabel,
  create,
  onSaved,
}: {
  label: string;
  textLabel: string;
  create: (name: string, text: string) => Promise<number>;
  onSaved: () => Promise<void>;
}) {
  const t = useT();
  const [n, setN] = useState('');
  const [x, setX] = useState('');
  const onCreate = async () => {
    if (!n.trim()) return void Toast.show({ content: t('admin.form.required') });
    try {
      const id = await create(n.trim(), x);
      Toast.show({ icon: 'success', content: t('admin.nft.catalog.created', { name: n.trim(), id }) });
      setN('');
      setX('');
      await onSaved();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <article className={styles.item}>
      <div className={styles.muted}>{label}</div>
      <Input
        value={n}
        onChange={setN}
        placeholder={t('admin.nft.catalog.name')}
        aria-label={t('admin.nft.catalog.name')}
        maxLength={80}
      />
      <TextArea value={x} onChange={setX} placeholder={textLabel} aria-label={textLabel} rows={2} maxLength={1000} />
      <Button size="small" onClick={() => void onCreate()}>
        {label}
      </Button>
    </article>
  );
}

function NewCollection({ artists, onSaved }: { artists: AdminNftArtist[]; onSaved: () => Promise<void> }) {
  const t = useT();
  const [artist, setArtist] = useState('');
  return (
    <>
      <label className={styles.fileField}>
        <span>{t('admin.nft.catalog.ofArtist')}</span>
        <select
          className={styles.native}
          value={artist}
          onChange={(e) => setArtist(e.target.value)}
          aria-label={t('admin.nft.catalog.ofArtist')}
        >
          <option value="">{t('admin.nft.catalog.chooseArtist')}</option>
          {artists.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <Create
        label={t('admin.nft.catalog.newCollection')}
        textLabel={t('admin.nft.description')}
        create={async (name, text) => {
          if (!artist) throw new Error(t('admin.nft.catalog.chooseArtist'));
          return admin.createNftCollection(Number(artist), name, text);
        }}
        onSaved={onSaved}
      />
    </>
  );
}
