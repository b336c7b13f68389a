import { useState } from 'react';
import styles from './coin.module.css';

/** Symbols the server has no logo for: asked once per page load, then lettered straight away. */
const missing = new Set<string>();

/** A stable hue per symbol, so a lettered coin keeps its colour everywhere. */
function hue(symbol: string): number {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * A coin's logo (server/http/coin-icons.ts, from @web3icons/core), or its first letter on a
 * coloured disc when there is none. Decorative: the coin's name is always written beside it.
 */
export function CoinIcon({ symbol, size = 24, network = false }: { symbol: string; size?: number; network?: boolean }) {
  const key = `${network ? 'net/' : ''}${network ? symbol.toLowerCase() : symbol.toUpperCase()}`;
  const [failed, setFailed] = useState(() => missing.has(key));
  const box = { width: size, height: size };
  if (failed || !symbol) {
    return (
      <span
        className={styles.letter}
        style={{ ...box, fontSize: Math.round(size * 0.5), background: `hsl(${hue(symbol)} 55% 45%)` }}
        aria-hidden
      >
        {symbol.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      src={`${import.meta.env.BASE_URL}coins/${encodeURIComponent(key).replace('%2F', '/')}.svg`}
      {...box}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        missing.add(key);
        setFailed(true);
      }}
    />
  );
}
