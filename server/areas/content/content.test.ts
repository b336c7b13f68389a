import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, get, post, rowCounts, type TestApp } from '../../testing/app';
import { seed } from '../../db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ walletGate: true });
});
afterAll(async () => {
  await t?.close();
});

describe('content and configuration', () => {
  it('site config carries the site name, wallet gate and version', async () => {
    const r = envelope(await get(t.app, '/api/getSiteConfig'));
    expect(r).toEqual({
      type: 'ok',
      code: 1,
      message: {
        site_name: 'H5 Exchange',
        wallet_gate: true,
        recharge_enabled: true,
        invite_required: false,
        version: '0.8.0',
        version_code: 80,
      },
    });
  });

  it('getSetting answers public keys and hides the rest', async () => {
    expect(envelope(await get(t.app, '/api/getSetting?keyword=site_name')).message).toBe('H5 Exchange');
    expect(envelope(await get(t.app, '/api/getSetting?keyword=nope')).message).toBe('Not found');
    expect(envelope(await get(t.app, '/api/getSetting')).message).toBe('Parameter error');
    expect(envelope(await get(t.app, "/api/getSetting?keyword=a'b")).message).toBe('Parameter error');
  });

  it('coin list has BTC 1, ETH 2 and USDC on ERC20 and TRC20 with id 3', async () => {
    const r = envelope(await get(t.app, '/api/currency/list'));
    const list = r.message as { id: number; name: string; subName: string }[];
    expect(list.filter((c) => c.name === 'USDC')).toEqual([
      expect.objectContaining({ id: 3, subName: 'ERC20' }),
      expect.objectContaining({ id: 3, subName: 'TRC20' }),
    ]);
    expect(list.find((c) => c.name === 'BTC')).toMatchObject({ id: 1, subName: 'BTC', status: 1 });
    expect(list.find((c) => c.name === 'ETH')).toMatchObject({ id: 2 });
    expect(list.some((c) => c.name === 'AAPL')).toBe(false);
  });

  it('lists banners and news by language, with English fallback, paged', async () => {
    const zh = envelope(await post(t.app, '/api/news/list', { c_id: 5 }, { lang: 'zh' })).message as {
      list: { title: string; image: string }[];
      total: number;
    };
    expect(zh.total).toBe(3);
    expect(zh.list[0].title).toBe('BTC 现货零手续费');
    expect(zh.list[0].image).toMatch(/^data:image\/svg\+xml/);
    const th = envelope(await post(t.app, '/api/news/list', { c_id: 5 }, { lang: 'th' })).message as {
      list: { title: string }[];
    };
    expect(th.list[0].title).toBe('เทรด BTC สปอตไม่มีค่าธรรมเนียม');
    const hk = envelope(await post(t.app, '/api/news/list', { c_id: 4 }, { lang: 'hk' })).message as {
      list: { title: string }[];
    };
    expect(hk.list[0].title).toBe('關於 NFT 銷售與資金到賬的公告');
    const page2 = envelope(await post(t.app, '/api/news/list', { c_id: 4, page: 2, limit: 2 })).message as {
      list: unknown[];
      total: number;
      has_more: boolean;
    };
    expect(page2.total).toBe(5);
    expect(page2.list).toHaveLength(2);
    expect(page2.has_more).toBe(true);
    const empty = envelope(await post(t.app, '/api/news/list', { c_id: 4, page: 9 })).message as { list: unknown[] };
    expect(empty.list).toEqual([]);
  });

  it('news list and detail reject bad input', async () => {
    for (const body of [{}, { c_id: 3 }, { c_id: 'x' }, { c_id: 4, limit: 1000 }, { c_id: 4, page: 0 }]) {
      expect(envelope(await post(t.app, '/api/news/list', body))).toEqual({
        type: 'error',
        code: 0,
        message: 'Parameter error',
      });
    }
    expect(envelope(await post(t.app, '/api/news/detail', { id: 'abc' })).message).toBe('Parameter error');
    expect(envelope(await post(t.app, '/api/news/detail', { id: 999999 }, { lang: 'zh' })).message).toBe('内容不存在');
  });

  it('news detail and the pop-up notice', async () => {
    const pop = envelope(await get(t.app, '/api/news/index_pop', { lang: 'zh' })).message as {
      id: number;
      title: string;
      content: string;
    };
    expect(pop.title).toBe('关于 NFT 销售与资金到账的公告');
    const detail = envelope(await post(t.app, '/api/news/detail', { id: pop.id })).message as { content: string };
    expect(detail.content).toContain('客服');
  });

  it('static pages and the menu, by language', async () => {
    const faq = envelope(await get(t.app, '/api/faq', { lang: 'zh' })).message as {
      title: string;
      list: { q: string }[];
    };
    expect(faq.title).toBe('常见问题');
    expect(faq.list.length).toBeGreaterThan(3);
    expect((envelope(await get(t.app, '/api/contactus', { lang: 'spa' })).message as { title: string }).title).toBe(
      'Contacto',
    );
    expect((envelope(await get(t.app, '/api/faq', { lang: 'jp' })).message as { title: string }).title).toBe(
      'よくある質問',
    );
    expect((envelope(await get(t.app, '/api/aboutus')).message as { content: string }).content).toContain('journaled');
    expect(
      (envelope(await get(t.app, '/api/operational_compliance', { lang: 'zh' })).message as { title: string }).title,
    ).toBe('白皮书');
    const menu = envelope(await get(t.app, '/api/menu', { lang: 'zh' })).message as { key: string; title: string }[];
    expect(menu[0]).toMatchObject({ key: 'recharge', title: '充值' });
    const fra = envelope(await get(t.app, '/api/menu', { lang: 'fra' })).message as { key: string; title: string }[];
    expect(fra.find((m) => m.key === 'borrowing')?.title).toBe('Prêts');
  });

  it('an item an operator wrote in English only is shown in English to every language', async () => {
    await t.app.db
      .insertInto('news')
      .values({
        slug: 'op-en-only',
        c_id: 4,
        lang: 'en',
        title: 'Operator note',
        summary: 's',
        content: '<p>c</p>',
        image: '',
        link: '',
        pop: false,
        sort: 999,
        created_at: new Date(),
      })
      .execute();
    try {
      for (const lang of ['ko', 'fra']) {
        const r = envelope(await post(t.app, '/api/news/list', { c_id: 4 }, { lang })).message as {
          list: { title: string }[];
          total: number;
        };
        expect(r.list[0].title).toBe('Operator note');
        expect(r.list[1].title).not.toMatch(/^Notice on NFT/); // the seeded items stay in the language
        expect(r.total).toBe(6);
      }
    } finally {
      await t.app.db.deleteFrom('news').where('slug', '=', 'op-en-only').execute();
    }
  });

  it('seeding again changes nothing', async () => {
    const before = await rowCounts(t.app);
    const news = await t.app.db.selectFrom('news').select('id').execute();
    await seed(t.app.db);
    expect(await rowCounts(t.app)).toEqual(before);
    expect(await t.app.db.selectFrom('news').select('id').execute()).toHaveLength(news.length);
  });

  it('redirects / to /h5/', async () => {
    const r = await get(t.app, '/');
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/h5/');
  });
});
