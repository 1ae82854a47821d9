import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M, RC_MESSAGES, TASK_TYPES } from '#protocol';
import { postSigned, startTestApp, type TestApp } from './helpers/app';
import { SEEDED_MISSIONS, setClock, setMissionPeriod, WHILE_MISSIONS_RUN } from './helpers/catalog';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => setClock(t, WHILE_MISSIONS_RUN));

const post = (path: string, request_parameter: Record<string, unknown>, app: TestApp = t) =>
  postSigned(app, `/app-api${path}`, { request_parameter });
const results = async (path: string, request_parameter: Record<string, unknown>) => {
  const response = await post(path, request_parameter);
  expect(response.statusCode).toBe(200);
  expect(response.json().rcrm).toEqual({ RC: 'C01', RM: RC_MESSAGES.C01 });
  return response.json().results;
};
// Without PUBLIC_URL, the test server's listen origin (HOST 127.0.0.1, PORT 3000).
const image = (name: string) => `http://127.0.0.1:3000/catalog-images/${name}`;

describe('POST /app-api/term/brief_term', () => {
  it('answers the registration terms in order, each with id, title and HTML content', async () => {
    const { terms } = await results('/term/brief_term', { type: ['register'] });
    expect(terms).toHaveLength(1);
    expect(terms[0].type).toBe('register');
    expect(terms[0].terms.map((term: { id: string; title: string }) => [term.id, term.title])).toEqual([
      ['member_terms', '會員條款'],
      ['privacy_policy', '隱私權政策'],
      ['personal_data_notice', '個人資料蒐集告知事項'],
    ]);
    for (const term of terms[0].terms) expect(term.content).toMatch(/^<(h3|p)>[\s\S]+<\/(p|ol)>$/);
    expect(terms[0].terms[2].content).toContain('個人資料保護法》第 8 條');
  });

  it('answers an empty list for a type with no terms', async () => {
    expect(await results('/term/brief_term', { type: ['newsletter'] })).toEqual({
      terms: [{ type: 'newsletter', terms: [] }],
    });
  });
});

describe('POST /app-api/mission/task_information', () => {
  it('answers the referrer mission and its coupon and point rewards', async () => {
    expect(await results('/mission/task_information', { task_type: 'referrer', full_info: false })).toEqual({
      title: '邀請好友一起加入會員',
      description: expect.stringContaining('分享您的專屬邀請碼'),
      reward_info: {
        obtain_coupons: [{ coupon_id: 'CP_REFERRER_200' }, { coupon_id: 'CP_COFFEE_BOGO' }],
        obtain_points: [{ point_id: 'PT_MEMBER', amount: 200 }],
      },
    });
  });

  it('adds the period the mission runs in with full_info', async () => {
    expect(
      await results('/mission/task_information', { task_type: 'referee_first_purchase', full_info: true }),
    ).toEqual({
      title: '新朋友首次消費禮',
      description: expect.stringContaining('首次消費'),
      reward_info: {
        obtain_coupons: [{ coupon_id: 'CP_WELCOME_100' }, { coupon_id: 'CP_BAKERY_50' }],
        obtain_points: [{ point_id: 'PT_MEMBER', amount: 100 }],
      },
      start_datetime: '2026/01/01 00:00:00',
      end_datetime: '2027/12/31 23:59:59',
    });
  });

  describe('answers a mission only while it runs, by the server’s clock, its first and last second included', () => {
    const SECOND = 1000;
    const notRunning = { RC: 'PARAMETER_INVALID', RM: `${M.taskNotFound}（task_type）` };
    const ask = (task_type: string, full_info: boolean) => post('/mission/task_information', { task_type, full_info });
    const cases = TASK_TYPES.flatMap((taskType) => [
      [taskType, false],
      [taskType, true],
    ]) as [string, boolean][];

    it.each(cases)('%s (full_info %s): before its start, as for no mission at all', async (taskType, full) => {
      setClock(t, new Date(SEEDED_MISSIONS.startsAt.getTime() - 1));
      const response = await ask(taskType, full);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual(notRunning);
    });

    it.each(cases)('%s (full_info %s): from its start', async (taskType, full) => {
      setClock(t, SEEDED_MISSIONS.startsAt);
      const response = await ask(taskType, full);
      expect(response.json().rcrm.RC).toBe('C01');
      expect(response.json().results.reward_info.obtain_coupons).not.toHaveLength(0);
    });

    it.each(cases)('%s (full_info %s): to the last instant of its end second', async (taskType, full) => {
      setClock(t, SEEDED_MISSIONS.endsAt);
      expect((await ask(taskType, full)).json().rcrm.RC).toBe('C01');
      setClock(t, new Date(SEEDED_MISSIONS.endsAt.getTime() + SECOND - 1));
      const response = await ask(taskType, full);
      expect(response.json().rcrm.RC).toBe('C01');
      if (full) expect(response.json().results.end_datetime).toBe('2027/12/31 23:59:59');
    });

    it.each(cases)('%s (full_info %s): after its end, as for no mission at all', async (taskType, full) => {
      setClock(t, new Date(SEEDED_MISSIONS.endsAt.getTime() + SECOND));
      const response = await ask(taskType, full);
      expect(response.statusCode).toBe(400);
      expect(response.json().rcrm).toEqual(notRunning);
    });

    it('runs a mission with no start or no end from always or for good', async () => {
      try {
        await setMissionPeriod(t, 'referrer', { startsAt: null, endsAt: SEEDED_MISSIONS.endsAt });
        setClock(t, new Date('2000-01-01T00:00:00+08:00'));
        expect((await ask('referrer', true)).json().results.start_datetime).toBeNull();
        await setMissionPeriod(t, 'referrer', { startsAt: SEEDED_MISSIONS.startsAt, endsAt: null });
        setClock(t, new Date('2099-01-01T00:00:00+08:00'));
        expect((await ask('referrer', true)).json().results.end_datetime).toBeNull();
        expect((await ask('referee_first_purchase', true)).json().rcrm).toEqual(notRunning);
      } finally {
        await setMissionPeriod(t, 'referrer', SEEDED_MISSIONS);
      }
    });
  });

  it('refuses a task type outside referrer and referee_first_purchase', async () => {
    const response = await post('/mission/task_information', { task_type: 'birthday', full_info: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm.RC).toBe('PARAMETER_INVALID');
  });
});

describe('POST /app-api/point/point_information', () => {
  it('answers the point with its image and the time its points lapse', async () => {
    expect(await results('/point/point_information', { point_id: 'PT_MEMBER', full_info: false })).toEqual({
      point: {
        point_id: 'PT_MEMBER',
        title: '好日子會員點數',
        feature_image: image('point-member.svg'),
        point_circulate_end_datetime: '2027/12/31 23:59:59',
      },
    });
  });

  it('adds how the points may be used with full_info', async () => {
    const { point } = await results('/point/point_information', { point_id: 'PT_MEMBER', full_info: true });
    expect(point.description).toContain('1 點可折抵 1 元');
  });

  it('answers PARAMETER_INVALID naming the point for an unknown point', async () => {
    const response = await post('/point/point_information', { point_id: 'PT_NONE', full_info: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().rcrm).toEqual({ RC: 'PARAMETER_INVALID', RM: `${M.pointNotFound}（point_id）` });
  });
});

describe('POST /app-api/coupon/coupon_information', () => {
  it('answers the asked coupons in the asked order, leaving out unknown ones', async () => {
    const { coupons } = await results('/coupon/coupon_information', {
      coupon_ids: ['CP_COFFEE_BOGO', 'CP_NONE', 'CP_REFERRER_200', 'CP_COFFEE_BOGO'],
    });
    expect(coupons).toEqual([
      {
        coupon_id: 'CP_COFFEE_BOGO',
        brand_ids: ['B002'],
        title: '山嵐咖啡 拿鐵買一送一券',
        feature_image: image('coupon-coffee-bogo.svg'),
        duration: 14,
        total: 2,
      },
      {
        coupon_id: 'CP_REFERRER_200',
        brand_ids: ['B001', 'B004'],
        title: '好友推薦禮 200 元折價券',
        feature_image: image('coupon-referrer-200.svg'),
        duration: 30,
        total: 1,
      },
    ]);
  });

  it('answers an empty list for no ids', async () => {
    expect(await results('/coupon/coupon_information', { coupon_ids: [] })).toEqual({ coupons: [] });
  });
});

describe('POST /app-api/brand/brand_information', () => {
  it('answers the asked brands with their small images', async () => {
    expect(await results('/brand/brand_information', { brand_ids: ['B002', 'B001'] })).toEqual({
      brands: [
        { brand_id: 'B002', title: '山嵐咖啡', feature_image_small: image('brand-mountain-mist-coffee.svg') },
        { brand_id: 'B001', title: '好日子生活百貨', feature_image_small: image('brand-good-days.svg') },
      ],
    });
  });
});

describe('POST /app-api/config/brief_copywriting_config', () => {
  it('answers the friend_recommend copy with its line breaks, leaving out unknown keys', async () => {
    const { copywriting } = await results('/config/brief_copywriting_config', { keys: ['friend_recommend', 'other'] });
    expect(Object.keys(copywriting)).toEqual(['friend_recommend']);
    expect(copywriting.friend_recommend).toMatch(/^邀請好友加入會員，好禮雙方一起拿！\n1\. /);
    expect(copywriting.friend_recommend.split('\n')).toHaveLength(5);
  });
});

describe('the demo catalogue', () => {
  it('holds every coupon, point and brand its missions name, each with an image the server serves', async () => {
    const urls: string[] = [];
    for (const task_type of ['referrer', 'referee_first_purchase']) {
      const task = await results('/mission/task_information', { task_type, full_info: false });
      const couponIds = task.reward_info.obtain_coupons.map((c: { coupon_id: string }) => c.coupon_id);
      const { coupons } = await results('/coupon/coupon_information', { coupon_ids: couponIds });
      expect(coupons).toHaveLength(couponIds.length);
      for (const { point_id } of task.reward_info.obtain_points) {
        urls.push((await results('/point/point_information', { point_id, full_info: false })).point.feature_image);
      }
      for (const coupon of coupons) {
        urls.push(coupon.feature_image);
        const { brands } = await results('/brand/brand_information', { brand_ids: coupon.brand_ids });
        expect(brands).toHaveLength(coupon.brand_ids.length);
        urls.push(...brands.map((brand: { feature_image_small: string }) => brand.feature_image_small));
      }
    }
    for (const url of new Set(urls)) {
      const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('serves no file outside its images', async () => {
    // The climbs lead to files that exist (the module's own code, the server's config, the
    // project's package.json), so only a refusal answers 404: a missing file would answer it anyway.
    for (const url of [
      '/catalog-images/nothing.svg',
      '/catalog-images/..%2Fimages.ts',
      '/catalog-images/..%2F..%2F..%2Fconfig.ts',
      '/catalog-images/..%2F..%2F..%2F..%2Fpackage.json',
      '/catalog-images/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/svg+xml' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toMatch(/import|"name"/);
    }
  });

  it('builds image URLs on PUBLIC_URL when it is set', async () => {
    const behindProxy = await startTestApp({ env: { PUBLIC_URL: 'https://member.example.com' } });
    try {
      const response = await post('/brand/brand_information', { brand_ids: ['B003'] }, behindProxy);
      expect(response.json().results.brands[0].feature_image_small).toBe(
        'https://member.example.com/catalog-images/brand-little-forest-bakery.svg',
      );
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: 'https://member.example.com' }, 'https://member.example.com'],
    ['no PUBLIC_URL', {}, 'http://127.0.0.1:3000'],
  ])(
    'never builds image URLs on a forged Host or X-Forwarded-Host, even behind a trusted proxy (%s)',
    async (_, env, origin) => {
      const behindProxy = await startTestApp({ env: { ...env, TRUST_PROXY: '1' } });
      try {
        const forged = {
          host: 'evil.example.net',
          'x-forwarded-host': 'evil.example.net',
          'x-forwarded-proto': 'https',
        };
        const response = await postSigned(
          behindProxy,
          '/app-api/brand/brand_information',
          { request_parameter: { brand_ids: ['B003'] } },
          { headers: forged },
        );
        const { brands } = response.json().results;
        expect(brands[0].feature_image_small).toBe(`${origin}/catalog-images/brand-little-forest-bakery.svg`);
        expect(JSON.stringify(brands)).not.toContain('evil');
      } finally {
        await behindProxy.close();
      }
    },
  );
});
