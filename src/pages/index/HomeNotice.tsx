import { useEffect, useState } from 'react';
import { indexPop, type NewsItem } from '../../api/content';
import { NoticeDialog } from '../../components/NoticeDialog';
import { whenIdle } from '../../lib/idle';

const POP_SEEN = 'home.popSeen';

/** Notices may carry HTML from the back office; we show text only, never inject markup. */
function plainText(html: string | undefined): string {
  if (!html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

interface Props {
  okText: string;
  /** this load's notice from the HTML (null: there is none); undefined: ask the API */
  fromHtml: NewsItem | null | undefined;
}

/**
 * The back-office popup notice, once per browser session; it goes with Home when the user leaves
 * first. Its own state: opening and closing it re-renders this alone, not Home.
 */
export function HomeNotice({ okText, fromHtml }: Props) {
  const [notice, setNotice] = useState<{ title: string; text: string } | null>(null);

  useEffect(() => {
    if (sessionStorage.getItem(POP_SEEN)) return;
    let live = true;
    let cancel = () => {};
    (fromHtml !== undefined ? Promise.resolve(fromHtml) : indexPop())
      .then((n) => {
        if (!n || !live) return;
        // showModal makes the rest of the page inert: the whole document's style and layout again,
        // at once (≈40–80 ms at 4× CPU). In an idle period it is a task of its own, not part of the
        // first screen's work.
        cancel = whenIdle(() => {
          sessionStorage.setItem(POP_SEEN, '1');
          setNotice({ title: n.title, text: plainText(n.content) });
        }, 1500);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      cancel();
    };
  }, [fromHtml]);

  return notice ? (
    <NoticeDialog title={notice.title} text={notice.text} okText={okText} onClose={() => setNotice(null)} />
  ) : null;
}
