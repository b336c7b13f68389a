import { coins, type Coin } from './funds';

export interface CoinChoice {
  id: number;
  name: string;
  networks: string[];
}

/** /currency/list has one entry per network (spec §3: USDC on ERC20 and TRC20); group them per coin. */
export async function coinChoices(): Promise<CoinChoice[]> {
  const list: Coin[] = await coins();
  const byId = new Map<number, CoinChoice>();
  for (const c of list) {
    const cur = byId.get(c.id) ?? { id: c.id, name: c.name, networks: [] };
    if (c.subName && !cur.networks.includes(c.subName)) cur.networks.push(c.subName);
    byId.set(c.id, cur);
  }
  return [...byId.values()];
}
