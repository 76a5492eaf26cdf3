import { type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { calendarDate, email, idList, optionalText, phone, positiveId, requiredText, sibling, text, unknownFields } from './fields';

const v = messages.validation;
export const SIGNUP_REASON_OTHER = 'Otro';

/** Profile fields shared by sign-up, profile edit and the admin editor. */
const profileShape = {
  name: requiredText(60),
  last_name: requiredText(80),
  phone: phone(),
  birthdate: calendarDate().nullable().optional(),
  instagram: optionalText(60).optional(),
  signup_reason: string()
    .typeError(v.mustBeText)
    .nullable()
    .optional()
    .oneOf([...messages.customer.signupReasons, null], v.selectOption),
  signup_reason_other: optionalText(120)
    .optional()
    .when('signup_reason', {
      is: SIGNUP_REASON_OTHER,
      then: (schema) => schema.required(v.required),
    }),
};

/** POST /api/customer/signup. `uid` must be the caller's own identity. */
export const signupSchema = object({
  uid: requiredText(128),
  ...profileShape,
  /** Pages flagged required_signup that the person accepted in the form. */
  accepted_pages: idList().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type SignupInput = InferType<typeof signupSchema>;

/**
 * PUT /api/customer. customer_id is honoured only for admins. file_id sets the
 * profile photo (an image the caller uploaded through /api/files); null removes
 * it, omitted keeps it.
 */
export const customerUpdateSchema = object({
  customer_id: positiveId().optional(),
  ...profileShape,
  file_id: positiveId().nullable().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type CustomerUpdateInput = InferType<typeof customerUpdateSchema>;

/**
 * POST /api/customer (admin): a customer registered at the front desk. The
 * profile fields plus the e-mail of the identity the server creates; there is
 * no password (the person sets it from the e-mail they receive) and no uid.
 */
export const customerCreateSchema = object({
  ...profileShape,
  email: email(),
})
  .noUnknown(unknownFields)
  .strict();
export type CustomerCreateInput = InferType<typeof customerCreateSchema>;

/** GET /api/customer/phone?phone */
export const phoneQuerySchema = object({ phone: phone() }).noUnknown(unknownFields);

/** POST /api/customer/recover */
export const recoverSchema = object({ email: email() }).noUnknown(unknownFields).strict();
export type RecoverInput = InferType<typeof recoverSchema>;

/** GET /api/customer/admin/all?query&page and /api/customer/query?query */
export const customerSearchSchema = object({
  query: text()
    .max(100, fill(v.tooLong, { n: 100 }))
    .optional(),
  page: number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(1, v.mustBePositive)
    .max(10_000, fill(v.maxNumber, { n: '10,000' }))
    .optional(),
}).noUnknown(unknownFields);

/** Password rules come from configuration (mirroring the identity provider's policy). */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export const DEFAULT_PASSWORD_MIN_LENGTH = 6;

export function passwordPolicyFromConfig(config: Record<string, unknown>): PasswordPolicy {
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    minLength: n(config.password_min_length) ?? DEFAULT_PASSWORD_MIN_LENGTH,
    maxLength: n(config.password_max_length),
    requireLowercase: config.password_require_lowercase === true,
    requireUppercase: config.password_require_uppercase === true,
    requireNumeric: config.password_require_numeric === true,
    requireNonAlphanumeric: config.password_require_non_alphanumeric === true,
  };
}

export function passwordSchema(policy: PasswordPolicy) {
  let schema = string()
    .typeError(v.mustBeText)
    .required(v.required)
    .min(policy.minLength, fill(v.passwordMin, { n: policy.minLength }));
  if (policy.maxLength !== null) schema = schema.max(policy.maxLength, fill(v.passwordMax, { n: policy.maxLength }));
  if (policy.requireLowercase) schema = schema.matches(/[a-z]/, v.passwordLowercase);
  if (policy.requireUppercase) schema = schema.matches(/[A-Z]/, v.passwordUppercase);
  if (policy.requireNumeric) schema = schema.matches(/[0-9]/, v.passwordNumeric);
  if (policy.requireNonAlphanumeric) schema = schema.matches(/[^A-Za-z0-9]/, v.passwordSymbol);
  return schema;
}

/**
 * The sign-up form: the API's sign-up fields (minus uid, which the identity
 * provider assigns) plus e-mail and passwords.
 */
export function signupFormSchema(policy: PasswordPolicy, requiredSignupPageIds: readonly number[]) {
  return signupSchema
    .omit(['uid'])
    .shape({
      email: email(),
      password: passwordSchema(policy),
      password_confirm: string()
        .required(v.required)
        .test('match', v.passwordsMismatch, function (value) {
          return value === sibling(this, 'password');
        }),
      accepted_pages: idList()
        .optional()
        .test('accepted', v.acceptTerms, (value) => requiredSignupPageIds.every((id) => (value ?? []).includes(id))),
    })
    .strict(false);
}

export const loginFormSchema = object({
  email: email(),
  password: string().required(v.required),
});
