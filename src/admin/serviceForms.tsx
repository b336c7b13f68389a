import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { LANGS, type AdminServiceSettings, type CannedReply } from '../../core';
import { admin } from './api';
import { latestWins } from '../lib/latestWins';
import { askReason } from './askReason';
import { useAdminLang, useT } from './i18n';
import styles from './admin.module.css';

const LANG_NAMES: Record<string, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  ko: '한국어',
  fra: 'Français',
  spa: 'Español',
};

/** Customer-service settings: business hours, the web view's allow-list (each with a reason) and the canned replies per language. */
export function ServiceForms() {
  const t = useT();
  const [s, setS] = useState<AdminServiceSettings | null>(null);
  const load = useCallback(async () => {
    try {
      setS(await admin.serviceSettings());
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div data-testid="service-forms">
      <h2>{t('admin.serviceSettings.title')}</h2>
      {s ? (
        <>
          <SettingField
            label={t('admin.serviceSettings.hours')}
            hint={t('admin.serviceSettings.hoursHint')}
            name="service_hours"
            value={s.service_hours}
            onSaved={load}
          />
          <SettingField
            label={t('admin.serviceSettings.allow')}
            hint={t('admin.serviceSettings.allowHint')}
            name="webview_allow"
            value={s.webview_allow}
            onSaved={load}
            multiline
          />
        </>
      ) : null}
      <CannedEditor />
    </div>
  );
}

function SettingField({
  label,
  hint,
  name,
  value,
  onSaved,
  multiline,
}: {
  label: string;
  hint: string;
  name: 'service_hours' | 'webview_allow';
  value: string;
  onSaved: () => Promise<void>;
  multiline?: boolean;
}) {
  const t = useT();
  const [v, setV] = useState(value);
  useEffect(() => setV(value), [value]);
  return (
    <div className={styles.dialogForm} data-testid={`setting-${name}`}>
      <label htmlFor={`f-${name}`}>
        <strong>{label}</strong>
      </label>
      {multiline ? (
        <TextArea
          id={`f-${name}`}
          value={v}
          onChange={setV}
          autoSize={{ minRows: 2, maxRows: 5 }}
          aria-describedby={`h-${name}`}
          className={styles.reply}
        />
      ) : (
        <Input id={`f-${name}`} value={v} onChange={setV} aria-describedby={`h-${name}`} className={styles.reply} />
      )}
      <span id={`h-${name}`} className={styles.muted}>
        {hint}
      </span>
      <div className={styles.actions}>
        <Button
          size="small"
          color="primary"
          disabled={v.trim() === value}
          onClick={async () => {
            const reason = await askReason(`${label}: ${v.trim()}`);
            if (reason === null) return;
            try {
              await admin.setServiceSetting(name, v.trim(), reason);
              Toast.show({ icon: 'success', content: t('admin.common.saved') });
              await onSaved();
            } catch (e) {
              Toast.show({ content: (e as Error).message });
            }
          }}
        >
          {t('admin.common.save')}
        </Button>
      </div>
    </div>
  );
}

type Draft = { id?: number; title: string; body: string };
type Run = (fn: () => Promise<unknown>, done: string) => Promise<void>;

/** One language's canned replies and the one being edited; `run` saves or deletes, then closes the editor and reloads. */
function useCanned(lang: string) {
  const [list, setList] = useState<CannedReply[]>([]);
  const [edit, setEdit] = useState<Draft | null>(null);
  const ticket = useRef(latestWins()).current;
  const load = useCallback(async () => {
    const current = ticket();
    try {
      const next = await admin.canned(lang);
      if (current()) setList(next);
    } catch (e) {
      if (current()) Toast.show({ content: (e as Error).message });
    }
  }, [lang, ticket]);
  useEffect(() => {
    void load();
  }, [load]);
  const run: Run = async (fn, done) => {
    try {
      await fn();
      Toast.show({ icon: 'success', content: done });
      setEdit(null);
      await load();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return { list, edit, setEdit, run };
}

function CannedEditor() {
  const t = useT();
  // opens on the operator's own language's replies; any of the eight can be chosen
  const [lang, setLang] = useState<string>(useAdminLang());
  const { list, edit, setEdit, run } = useCanned(lang);
  return (
    <div data-testid="canned-editor">
      <h2>{t('admin.canned.title')}</h2>
      <div className={styles.row}>
        <label htmlFor="canned-lang">{t('admin.canned.language')}</label>
        <select
          id="canned-lang"
          className={styles.native}
          value={lang}
          onChange={(e) => (setLang(e.target.value), setEdit(null))}
        >
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {LANG_NAMES[l] ?? l}
            </option>
          ))}
        </select>
      </div>
      {list.map((r) => (
        <CannedItem key={r.id} r={r} onEdit={() => setEdit({ id: r.id, title: r.title, body: r.body })} run={run} />
      ))}
      {!list.length ? <p className={styles.muted}>{t('admin.canned.none')}</p> : null}
      {edit ? (
        <CannedForm edit={edit} setEdit={setEdit} lang={lang} run={run} />
      ) : (
        <Button size="small" onClick={() => setEdit({ title: '', body: '' })}>
          {t('admin.canned.new')}
        </Button>
      )}
    </div>
  );
}

/** One reply, with edit and delete (asked first). */
function CannedItem({ r, onEdit, run }: { r: CannedReply; onEdit: () => void; run: Run }) {
  const t = useT();
  return (
    <article className={styles.item} data-testid="canned-item">
      <div className={styles.itemHead}>
        <strong>{r.title}</strong>
        <span className={styles.actions}>
          <Button size="mini" onClick={onEdit}>
            {t('admin.canned.edit')}
          </Button>
          <Button
            size="mini"
            color="danger"
            fill="outline"
            onClick={async () => {
              if (
                await Dialog.confirm({
                  content: t('admin.canned.deleteConfirm', { title: r.title }),
                  confirmText: t('admin.canned.delete'),
                  cancelText: t('admin.common.cancel'),
                })
              )
                await run(() => admin.cannedDelete(r.id), t('admin.canned.deleted'));
            }}
          >
            {t('admin.canned.delete')}
          </Button>
        </span>
      </div>
      <p className={styles.intro}>{r.body}</p>
    </article>
  );
}

/** The title and body of a new or edited reply. */
function CannedForm({
  edit,
  setEdit,
  lang,
  run,
}: {
  edit: Draft;
  setEdit: (d: Draft | null) => void;
  lang: string;
  run: Run;
}) {
  const t = useT();
  return (
    <div className={styles.dialogForm} data-testid="canned-form">
      <Input
        value={edit.title}
        onChange={(title) => setEdit({ ...edit, title })}
        placeholder={t('admin.canned.titleField')}
        aria-label={t('admin.canned.titleField')}
        maxLength={60}
        className={styles.reply}
      />
      <TextArea
        value={edit.body}
        onChange={(body) => setEdit({ ...edit, body })}
        placeholder={t('admin.canned.bodyHint')}
        aria-label={t('admin.canned.body')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        className={styles.reply}
      />
      <div className={styles.actions}>
        <Button
          size="small"
          color="primary"
          disabled={!edit.title.trim() || !edit.body.trim()}
          onClick={() => void run(() => admin.cannedSave({ ...edit, lang }), t('admin.common.saved'))}
        >
          {t('admin.canned.save')}
        </Button>
        <Button size="small" onClick={() => setEdit(null)}>
          {t('admin.common.cancel')}
        </Button>
      </div>
    </div>
  );
}
