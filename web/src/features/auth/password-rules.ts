import { PASSWORD_MIN_LENGTH } from '@monitoring/contracts';
import type { FormRule } from 'antd';
import { PASSWORD_TEXTS } from './password-texts.ts';

export const passwordRules: FormRule[] = [
  { required: true, message: PASSWORD_TEXTS.required },
  { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TEXTS.tooShort },
];

/** The repeat must equal the field `password`. */
export const repeatRules: FormRule[] = [
  { required: true, message: PASSWORD_TEXTS.repeatRequired },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue('password')) throw new Error(PASSWORD_TEXTS.mismatch);
    },
  }),
];
