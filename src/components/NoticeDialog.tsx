import { useEffect, useId, useRef } from 'react';
import styles from './NoticeDialog.module.css';

interface Props {
  title: string;
  /** plain text: shown as text, never parsed as markup */
  text: string;
  okText: string;
  /** after it closed (its button, Esc); not called when it is unmounted open */
  onClose: () => void;
}

/**
 * A one-button notice on the native <dialog>: the browser gives the modal its top layer, inert
 * background, focus move and return, and Esc. It replaces the kit's Dialog.show where it opens
 * during a cold load: that one mounts a portal with spring-animated mask and popup, about 200 ms
 * of long tasks at 4× CPU. It looks like the kit's dialog; a CSS fade opens it.
 */
export function NoticeDialog({ title, text, okText, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  // (unmounted while open, e.g. the user left the page: removing the element closes the modal)
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {text ? <div className={styles.content}>{text}</div> : null}
      <div className={styles.footer}>
        <button type="button" className={styles.action} onClick={() => ref.current?.close()}>
          {okText}
        </button>
      </div>
    </dialog>
  );
}
