/** Saved wallet addresses and bank cards (domestic, international). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { parse } from '../../../kernel/validate';
import { requestLang } from '../../../http/lang';
import { translate } from '../../../i18n/messages';
import { deleteAddress, listAddresses, saveAddress } from '../domain/addresses';
import { getCard, saveCard, type CardKind } from '../domain/cards';
import { idField, optText } from './shared';
import { pagingShape } from '../../../kernel/paging';
import { requestInput } from '../../../kernel/input';
import { optInt } from '../../../kernel/fields';

const req = z.string().trim().min(1, { error: 'all_required' }).max(200);
const AddressBody = z.object({ currency: idField, name: req, address: req, qrcode: req, network: optText(16) });
const CardBody = z.object({
  real_name: optText(100),
  bank_account: optText(64),
  bank_name: optText(200),
  bank_network: optText(200),
  bank_dizhi: optText(200),
  phone: optText(32),
  aba_number: optText(32),
  swift_code: optText(32),
  address: optText(200),
});

const WalletsQuery = z.object({ ...pagingShape, currency: optInt(0) });
const IdBody = z.object({ id: idField });

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };

  app.post('/user/wallet/save', auth, async (r) => ok(await saveAddress(db, r.userId, parse(AddressBody, r.body))));
  const list = async (r: FastifyRequest) => {
    const q = parse(WalletsQuery, requestInput(r));
    return ok(await listAddresses(db, r.userId, q, q.currency || undefined));
  };
  app.get('/user/wallet/list', auth, list);
  app.post('/user/wallet/list', auth, list);
  app.post('/user/wallet/del', auth, async (r) => {
    await deleteAddress(db, r.userId, parse(IdBody, r.body).id);
    return ok(translate('saved_ok', requestLang(r)));
  });

  const save = (kind: CardKind) => async (r: { userId: number; body: unknown }) =>
    ok(await saveCard(db, r.userId, kind, parse(CardBody, r.body)));
  app.post('/user/cash_save', auth, save('domestic'));
  app.post('/user/cash_save_international', auth, save('international'));
  app.post('/user/cash_info', auth, async (r) => ok(await getCard(db, r.userId, 'domestic')));
  app.post('/user/cash_info_international', auth, async (r) => ok(await getCard(db, r.userId, 'international')));
  app.get('/user/cash_info', auth, async (r) => ok(await getCard(db, r.userId, 'domestic')));
  app.get('/user/cash_info_international', auth, async (r) => ok(await getCard(db, r.userId, 'international')));
}
