import { useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceRef } from '../../../core';
import { toast } from '../../lib/toast';
import { serviceUpload } from './upload';
import { readRef } from './refs';
import type { useThread } from './useThread';

type Thread = ReturnType<typeof useThread>;
export type Composer = ReturnType<typeof useComposer>;

/**
 * The message being written: its text, the record it carries (`?ref=`, members only) and sending it,
 * as text or as an image. The record goes with the first message sent after opening.
 */
export function useComposer(th: Thread, guest: boolean) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [ref, setRef] = useState<ServiceRef | null>(() => (guest ? null : readRef(params.get('ref'))));
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  const send = async (input: { body: string; attachment?: string }) => {
    setSending(true);
    try {
      await th.send({ ...input, ...(ref ? { ref_type: ref.type, ref_id: ref.id } : {}) });
      setRef(null);
      return true;
    } catch {
      return false; /* toasted; the draft stays */
    } finally {
      setSending(false);
    }
  };
  const onSend = async () => {
    const body = draft.trim();
    if (!body && !ref) return;
    if (await send({ body })) setDraft('');
  };
  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setSending(true);
    try {
      const attachment = await serviceUpload(file);
      await send({ body: '', attachment });
    } catch (err) {
      toast((err as Error).message || t('common.requestFailed'));
    } finally {
      setSending(false);
    }
  };
  return { ref, clearRef: () => setRef(null), draft, setDraft, sending, onSend, onPick };
}
