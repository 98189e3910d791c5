import { fieldLabel } from './field-label';

/** A custom check: returns the error message, or undefined when the value is fine. */
export type FieldValidator<T, V = unknown> = (
  value: V,
  values: T,
) => string | undefined | Promise<string | undefined>;

export interface FieldRules<T = Record<string, unknown>, V = unknown> {
  required?: boolean;
  /** SPEC §5: the value must contain an at-sign. */
  email?: boolean;
  /** Minimum number of characters of a text value. */
  min?: number;
  /** SPEC §5 "must be less than N characters": a text value must be shorter than this. */
  max?: number;
  /** Name used in messages; defaults to `fieldLabel(key)`. */
  label?: string;
  /** Run in order after the built-in rules; the first message wins. */
  custom?: ReadonlyArray<FieldValidator<T, V>>;
}

export type FormRules<T> = { readonly [K in keyof T]?: FieldRules<T, T[K]> };
/** Field key → message, only for fields that failed. */
export type FormErrors = Record<string, string>;

/** The messages a validator speaks (English by default; a screen passes its translations). */
export interface FormMessages {
  required: (field: string) => string;
  invalid: (field: string) => string;
  min: (field: string, n: number) => string;
  max: (field: string, n: number) => string;
}

/** SPEC §5: the generic form validator's messages. */
export const formMessages: FormMessages = {
  required: (field: string) => `${field} is required`,
  invalid: (field: string) => `${field} is not valid`,
  min: (field: string, n: number) => `${field} must be at least ${n} characters`,
  max: (field: string, n: number) => `${field} must be less than ${n} characters`,
};

/** Nothing entered: undefined, null, blank text, an empty list or an unticked box. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export interface FormValidator<T> {
  /** Every field with rules, checked in parallel. */
  validate(values: T): Promise<FormErrors>;
  validateField(name: keyof T & string, values: T): Promise<string | undefined>;
  /**
   * SPEC §5: errors are re-checked after any change once they exist. Returns `errors` itself when
   * there are none, otherwise a fresh validation of all fields.
   */
  revalidate(values: T, errors: FormErrors): Promise<FormErrors>;
}

export function createFormValidator<T extends object = Record<string, unknown>>(
  rules: FormRules<T>,
  messages: FormMessages = formMessages,
): FormValidator<T> {
  const names = Object.keys(rules) as Array<keyof T & string>;

  async function validateField(name: keyof T & string, values: T): Promise<string | undefined> {
    const rule = rules[name];
    if (!rule) return undefined;
    const label = rule.label ?? fieldLabel(name);
    const value = values[name];
    if (isEmptyValue(value)) {
      if (rule.required) return messages.required(label);
    } else if (typeof value === 'string') {
      // Format and length rules apply only to something entered; an optional blank field passes.
      if (rule.email && !value.includes('@')) return messages.invalid(label);
      const length = Array.from(value).length;
      if (rule.min !== undefined && length < rule.min) return messages.min(label, rule.min);
      // "must be less than N characters": N characters are already too many.
      if (rule.max !== undefined && length >= rule.max) return messages.max(label, rule.max);
    }
    // Custom validators also run on empty values: they may compare fields ("email or phone").
    for (const check of rule.custom ?? []) {
      const message = await check(value, values);
      if (message) return message;
    }
    return undefined;
  }

  async function validate(values: T): Promise<FormErrors> {
    const messages = await Promise.all(names.map((name) => validateField(name, values)));
    const errors: FormErrors = {};
    names.forEach((name, i) => {
      const message = messages[i];
      if (message) errors[name] = message;
    });
    return errors;
  }

  return {
    validate,
    validateField,
    revalidate: (values, errors) =>
      Object.keys(errors).length === 0 ? Promise.resolve(errors) : validate(values),
  };
}
