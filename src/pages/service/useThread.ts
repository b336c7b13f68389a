import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceMessage, ServiceReceipts, ServiceRefType } from '../../../core';
import { serviceMessages, serviceRead, serviceSend } from '../../api/service';
import { useCatchUp, useUserEvents } from '../../market';
import { lastId, mergeMessages } from '../../lib/mergeById';

const NO_RECEIPTS: ServiceReceipts = { user_delivered_id: 0, user_read_id: 0, staff_read_id: 0 };
/** guests have no private socket room: they poll */
const GUEST_POLL_MS = 5000;

/**
 * The customer's thread: loaded once, then kept complete by asking for the messages after the last
 * id held — on every live event and whenever useCatchUp says — so a message is never missed nor
 * shown twice (merged by id). What is shown is marked read.
 */
export function useThread(opts: { guest: boolean; enabled: boolean }) {
  const [messages, setMessages] = useState<ServiceMessage[]>([]);
  const [receipts, setReceipts] = useState<ServiceReceipts>(NO_RECEIPTS);
  const [hasMore, setHasMore] = useState(false);
  const [emailReply, setEmailReply] = useState(false);
  const [emailVerified, setEmailVerified] = useState(true);
  const [ready, setReady] = useState(false);
  const held = useRef<ServiceMessage[]>([]);

  const apply = useCallback((incoming: ServiceMessage[]) => {
    held.current = mergeMessages(held.current, incoming);
    setMessages(held.current);
  }, []);

  const catchUp = useCatchUp(async () => {
    const first = !held.current.length;
    const t = await serviceMessages(first ? {} : { after: lastId(held.current) });
    if (first) setHasMore(t.has_more);
    setReceipts(t.receipts);
    setEmailReply(t.email_reply);
    setEmailVerified(t.email_verified);
    apply(t.messages);
    setReady(true);
  }, opts.enabled);

  const loadEarlier = useCallback(async () => {
    const first = held.current[0];
    if (!first) return;
    const t = await serviceMessages({ before: first.id });
    setHasMore(t.has_more);
    apply(t.messages);
  }, [apply]);

  useUserEvents((e) => {
    if (e.kind !== 'service' || !opts.enabled) return;
    if (e.service.receipts) setReceipts(e.service.receipts);
    if (e.service.message) void catchUp();
  });

  useEffect(() => {
    if (!opts.enabled || !opts.guest) return;
    const poll = setInterval(() => void catchUp(), GUEST_POLL_MS);
    return () => clearInterval(poll);
  }, [opts.enabled, opts.guest, catchUp]);

  // read receipts: what the customer has on screen from the operators is read
  const topStaff = messages.reduce((m, x) => (x.sender !== 'user' && x.id > m ? x.id : m), 0);
  useEffect(() => {
    if (topStaff > receipts.user_read_id && document.visibilityState === 'visible') {
      serviceRead(topStaff)
        .then(setReceipts)
        .catch(() => undefined);
    }
  }, [topStaff, receipts.user_read_id]);

  const send = useCallback(
    async (input: { body: string; attachment?: string; ref_type?: ServiceRefType; ref_id?: number }) => {
      await serviceSend(input);
      await catchUp();
    },
    [catchUp],
  );

  return {
    messages,
    receipts,
    hasMore,
    emailReply,
    setEmailReply,
    emailVerified,
    setEmailVerified,
    ready,
    loadEarlier,
    send,
    catchUp,
  };
}
