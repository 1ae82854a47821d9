import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, onTestFinished } from 'vitest';
import type { Term } from '#protocol/endpoints';
import { jsonDataScript, REGISTER_TERMS_ELEMENT_ID } from '#protocol/page-data';
import { answer, reply } from './api';

export interface StepOneInput {
  mobile: string;
  name: string;
  password: string;
  confirm: string;
}
export const STEP_ONE: StepOneInput = { mobile: '0912345678', name: '王小明', password: 'abc123', confirm: 'abc123' };

export const TERMS: Term[] = [
  { id: 'member-terms', title: '會員服務條款', content: '<h3>第一條 總則</h3><p>歡迎加入會員。</p>' },
  { id: 'privacy', title: '隱私權政策', content: '<p>我們重視您的個人資料保護。</p>' },
];

/** brief_term answering the register terms (and a term of another type, which is not shown). */
export const answerTerms = (terms: Term[] = TERMS) =>
  answer('briefTerm', () =>
    reply('C01', {
      terms: [
        { type: 'register', terms },
        { type: 'line_bind', terms: [{ id: 'other', title: '其他條款', content: '<p>x</p>' }] },
      ],
    }),
  );

/**
 * The page as the member server sends /registerFirst: carrying brief_term's answer for the
 * register terms (server/modules/web/page-data.ts); `raw` puts other text in the block instead.
 */
export function carryTermsInPage(terms: Term[] = TERMS, raw?: string): void {
  document.body.insertAdjacentHTML(
    'beforeend',
    raw === undefined
      ? jsonDataScript(REGISTER_TERMS_ELEMENT_ID, { terms: [{ type: 'register', terms }] })
      : `<script id="${REGISTER_TERMS_ELEMENT_ID}" type="application/json">${raw}</script>`,
  );
  onTestFinished(() => document.getElementById(REGISTER_TERMS_ELEMENT_ID)?.remove());
}

export const stepOneField = {
  mobile: () => screen.getByLabelText('手機號碼'),
  name: () => screen.getByLabelText('姓名'),
  password: () => screen.getByLabelText('密碼'),
  confirm: () => screen.getByLabelText('確認密碼'),
};

export const nextButton = () => screen.getByRole('button', { name: '下一步' });
export const termBox = (title: string) => screen.findByRole('checkbox', { name: `我已閱讀並同意「${title}」` });

export async function fillStepOne(user: UserEvent, values: Partial<StepOneInput> = STEP_ONE): Promise<void> {
  await screen.findByLabelText('手機號碼');
  for (const key of ['mobile', 'name', 'password', 'confirm'] as const) {
    const value = values[key];
    if (value) await user.type(stepOneField[key](), value);
  }
}

/** Opens a term from the list and agrees in its modal. */
export async function agreeTerm(user: UserEvent, title: string): Promise<void> {
  await user.click(await termBox(title));
  const dialog = await screen.findByRole('dialog', { name: title });
  const agree = within(dialog).getByRole('button', { name: '我已閱讀並同意條款' });
  // Available once the term's content is shown.
  await waitFor(() => expect(agree).toBeEnabled());
  await user.click(agree);
}

export async function agreeAllTerms(user: UserEvent, terms: Term[] = TERMS): Promise<void> {
  for (const term of terms) await agreeTerm(user, term.title);
}

/** A finished step 1 in session storage, as the member leaves it for step 2. */
export function storeStepOne(values: Partial<StepOneInput> = {}): void {
  sessionStorage.setItem(
    'register1',
    JSON.stringify({ ...STEP_ONE, ...values, agreed_terms: TERMS.map((term) => term.id) }),
  );
}

export const REFEREE_TASK = {
  title: '好友首購禮',
  description: '完成首次消費後，獎勵將自動發送至您的帳戶。',
  reward_info: { obtain_coupons: [{ coupon_id: 'C100' }], obtain_points: [{ point_id: 'P1', amount: 200 }] },
};
export const COUPON = {
  coupon_id: 'C100',
  brand_ids: ['B1', 'B2'],
  title: '全館 9 折券',
  feature_image: '/images/coupon-c100.png',
  duration: 30,
  total: 1,
};
export const POINT = {
  point_id: 'P1',
  title: '會員紅利點數',
  feature_image: '/images/point-p1.png',
  point_circulate_end_datetime: '2026/12/31 23:59:59',
};
export const BRANDS = [
  { brand_id: 'B1', title: '好日子麵包', feature_image_small: '/images/brand-b1.png' },
  { brand_id: 'B2', title: '山海咖啡', feature_image_small: '/images/brand-b2.png' },
];

/** The four information calls behind a reward list, answering one task. */
export function answerRewards(task: typeof REFEREE_TASK = REFEREE_TASK) {
  return {
    tasks: answer('taskInformation', () => reply('C01', task)),
    coupons: answer('couponInformation', () => reply('C01', { coupons: [COUPON] })),
    points: answer('pointInformation', () => reply('C01', { point: POINT })),
    brands: answer('brandInformation', () => reply('C01', { brands: BRANDS })),
  };
}
