import {
  createFormValidator,
  type FormErrors,
  type FormMessages,
  type FormRules,
} from '@murmur/core/validation';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormValidatorState<T> {
  /** Field key → message, for the fields that failed the last check. */
  errors: FormErrors;
  /** Checks every field; true when the form may be sent. */
  validate: (values: T) => Promise<boolean>;
  /** SPEC §5: once errors exist, any change re-checks the whole form. */
  changed: (values: T) => void;
  /** Errors from elsewhere (the server's field errors), or none. */
  setErrors: (errors: FormErrors) => void;
}

/**
 * SPEC §5's generic form validator (@murmur/core/validation) in a form: the rules' messages in the
 * interface language ("{field} is required", "{field} is not valid", "… must be at least N characters",
 * "… must be less than N characters"), field names from `rules[key].label`.
 */
export function useFormValidator<T extends object>(rules: FormRules<T>): FormValidatorState<T> {
  const { t } = useTranslation();
  const messages = useMemo(
    (): FormMessages => ({
      required: (field) => t('validation.required', { field }),
      invalid: (field) => t('validation.invalid', { field }),
      min: (field, count) => t('validation.min', { field, count }),
      max: (field, count) => t('validation.max', { field, count }),
    }),
    [t],
  );
  const validator = useMemo(() => createFormValidator(rules, messages), [rules, messages]);
  const [errors, setErrorsState] = useState<FormErrors>({});
  const current = useRef(errors);
  const setErrors = useCallback((next: FormErrors) => {
    current.current = next;
    setErrorsState(next);
  }, []);
  const validate = useCallback(
    async (values: T) => {
      const found = await validator.validate(values);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    [validator, setErrors],
  );
  const changed = useCallback(
    (values: T) => {
      if (Object.keys(current.current).length === 0) return;
      void validator.revalidate(values, current.current).then(setErrors);
    },
    [validator, setErrors],
  );
  return { errors, validate, changed, setErrors };
}
