import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { catalogueMessages } from '../../messages/catalogue';
import { positiveId, unknownFields } from '../fields';
import { nonBlankText, optionalField } from './common';

const v = messages.validation;
const a = catalogueMessages.addresses;

/** The billing address (customer-area spec §3, §5): city, state and country are required, with the spec's alerts. */
const addressShape = {
  street: optionalField(120),
  number: optionalField(20),
  interior_number: optionalField(20),
  neighborhood: optionalField(120),
  city: nonBlankText(80, a.cityRequired),
  state: nonBlankText(80, a.stateRequired),
  country: nonBlankText(80, a.countryRequired),
  zip_code: optionalField(10),
};

/** POST /api/addresses (for the caller) */
export const addressCreateSchema = object(addressShape).noUnknown(unknownFields).strict();
/** PUT /api/addresses (by address_id; the caller's own) */
export const addressUpdateSchema = object({ address_id: positiveId().required(v.required), ...addressShape })
  .noUnknown(unknownFields)
  .strict();
/** GET /api/addresses?customer_id (admins may list anyone's) */
export const addressListQuerySchema = object({ customer_id: positiveId().optional() }).noUnknown(unknownFields);
export type AddressCreateInput = InferType<typeof addressCreateSchema>;
export type AddressUpdateInput = InferType<typeof addressUpdateSchema>;
export type AddressListQuery = InferType<typeof addressListQuerySchema>;
