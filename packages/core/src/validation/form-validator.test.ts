import { describe, expect, it } from 'vitest';
import { createFormValidator, isEmptyValue } from './form-validator';

interface SignUp {
  email: string;
  first_name: string;
  password: string;
  terms: boolean;
  note?: string;
}

const filled: SignUp = { email: 'ann@example.com', first_name: 'Ann', password: 'secret123', terms: true };

const validator = createFormValidator<SignUp>({
  email: { required: true, email: true },
  first_name: { required: true, max: 10 },
  password: { required: true, min: 8, label: 'Your password' },
  terms: { required: true },
  note: { max: 5 },
});

describe('createFormValidator', () => {
  it('passes valid values', async () => {
    expect(await validator.validate(filled)).toEqual({});
  });

  it('reports required fields with the default label (SPEC §5)', async () => {
    const errors = await validator.validate({ email: '', first_name: '  ', password: '', terms: false });
    expect(errors).toEqual({
      email: 'Email is required',
      first_name: 'First name is required',
      password: 'Your password is required',
      terms: 'Terms is required',
    });
  });

  it('requires an at-sign for email rules', async () => {
    expect(await validator.validateField('email', { ...filled, email: 'ann.example.com' })).toBe(
      'Email is not valid',
    );
    expect(await validator.validateField('email', { ...filled, email: 'ann@x' })).toBeUndefined();
  });

  it('checks minimum and maximum lengths', async () => {
    expect(await validator.validateField('password', { ...filled, password: 'short' })).toBe(
      'Your password must be at least 8 characters',
    );
    expect(await validator.validateField('password', { ...filled, password: '12345678' })).toBeUndefined();
    expect(await validator.validateField('first_name', { ...filled, first_name: 'Bartholomew' })).toBe(
      'First name must be less than 10 characters',
    );
    // "must be less than 10 characters": 10 is too many, 9 is fine (deviation 9).
    expect(await validator.validateField('first_name', { ...filled, first_name: 'Maximilian' })).toBe(
      'First name must be less than 10 characters',
    );
    expect(
      await validator.validateField('first_name', { ...filled, first_name: 'Maximilia' }),
    ).toBeUndefined();
  });

  it('speaks the messages it is given (a screen’s translations)', async () => {
    const v = createFormValidator<{ invoice_email: string }>(
      { invoice_email: { email: true } },
      {
        required: (f) => `${f}は必須です`,
        invalid: (f) => `${f}が正しくありません`,
        min: (f, n) => `${f} ${n}`,
        max: (f, n) => `${f} ${n}`,
      },
    );
    expect(await v.validate({ invoice_email: 'nope' })).toEqual({
      invoice_email: 'Invoice emailが正しくありません',
    });
  });

  it('skips length rules on an optional empty field', async () => {
    expect(await validator.validateField('note', { ...filled, note: '' })).toBeUndefined();
    expect(await validator.validateField('note', { ...filled, note: 'too long' })).toBe(
      'Note must be less than 5 characters',
    );
  });

  it('returns undefined for fields without rules', async () => {
    const v = createFormValidator<{ a: string; b: string }>({ a: { required: true } });
    expect(await v.validateField('b', { a: 'x', b: '' })).toBeUndefined();
  });

  it('runs sync and async custom validators in order with all values', async () => {
    const seen: string[] = [];
    const v = createFormValidator<{ password: string; repeat: string }>({
      repeat: {
        required: true,
        custom: [
          (value, values) => {
            seen.push('first');
            return value === values.password ? undefined : 'Passwords do not match';
          },
          async (value) => {
            seen.push('second');
            await Promise.resolve();
            return value === 'password' ? 'Too obvious' : undefined;
          },
        ],
      },
    });
    expect(await v.validateField('repeat', { password: 'a', repeat: 'b' })).toBe('Passwords do not match');
    expect(seen).toEqual(['first']);
    expect(await v.validateField('repeat', { password: 'password', repeat: 'password' })).toBe('Too obvious');
    expect(await v.validate({ password: 'x1', repeat: 'x1' })).toEqual({});
  });

  it('does not run custom validators when a built-in rule already failed', async () => {
    let called = false;
    const v = createFormValidator<{ name: string }>({
      name: { required: true, custom: [() => ((called = true), 'custom')] },
    });
    expect(await v.validateField('name', { name: '' })).toBe('Name is required');
    expect(called).toBe(false);
  });

  it('runs custom validators on optional empty fields', async () => {
    const v = createFormValidator<{ email: string; phone: string }>({
      phone: {
        custom: [(phone, values) => (phone || values.email ? undefined : 'Give an email or a phone')],
      },
    });
    expect(await v.validate({ email: '', phone: '' })).toEqual({ phone: 'Give an email or a phone' });
  });

  it('counts characters, not UTF-16 units', async () => {
    const v = createFormValidator<{ name: string }>({ name: { max: 3 } });
    expect(await v.validateField('name', { name: '😀😀' })).toBeUndefined();
  });

  it('re-checks everything only once errors exist (SPEC §5)', async () => {
    const none = {};
    expect(await validator.revalidate({ ...filled, email: '' }, none)).toBe(none);
    expect(await validator.revalidate({ ...filled, email: '' }, { password: 'old' })).toEqual({
      email: 'Email is required',
    });
    expect(await validator.revalidate(filled, { email: 'Email is required' })).toEqual({});
  });

  it('works without a type argument', async () => {
    const v = createFormValidator({ team_name: { required: true } });
    expect(await v.validate({ team_name: '' })).toEqual({ team_name: 'Team name is required' });
  });
});

describe('isEmptyValue', () => {
  it('treats blank values as empty', () => {
    for (const v of [undefined, null, '', '   ', [], false]) expect(isEmptyValue(v)).toBe(true);
    for (const v of ['a', 0, true, ['x'], {}]) expect(isEmptyValue(v)).toBe(false);
  });
});
