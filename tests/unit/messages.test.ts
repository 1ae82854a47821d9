import { describe, expect, it } from 'vitest';
import { refusalNaming, VALIDATION_MESSAGES, withoutNamedField } from '#protocol';

describe('an RM that names the refused field', () => {
  it('ends with the field in full-width brackets', () => {
    expect(refusalNaming('register.birthday', VALIDATION_MESSAGES.birthdayFormat)).toBe(
      '生日格式錯誤（register.birthday）',
    );
  });

  it('reads, for a member, as its message alone', () => {
    for (const field of ['mobile', 'register.mobile', 'coupon_ids.0', 'type[0]', 'request_parameter'])
      expect(withoutNamedField(refusalNaming(field, VALIDATION_MESSAGES.mobileFormat))).toBe('手機號碼格式錯誤');
  });

  it('keeps brackets that are part of the message', () => {
    const message = VALIDATION_MESSAGES.birthdayTooRecent;
    expect(withoutNamedField(message)).toBe(message);
    expect(withoutNamedField(refusalNaming('birthday', message))).toBe(message);
    expect(withoutNamedField('請稍後再試（約 1 分鐘）')).toBe('請稍後再試（約 1 分鐘）');
  });
});
