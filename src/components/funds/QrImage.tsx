import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import styles from './parts.module.css';

/** A QR code drawn on the client from `value` (an address, a link, an otpauth:// URI). */
export function QrImage({ value, size = 180, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    if (!value) return;
    QRCode.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((u) => live && setSrc(u))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!value) return null;
  return (
    <img className={styles.qr} src={src || undefined} width={size} height={size} alt={label} data-testid="qr-image" />
  );
}
