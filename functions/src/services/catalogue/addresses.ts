import { fill, messages } from '@studio/shared/messages';
import { catalogueMessages } from '@studio/shared/messages/catalogue';
import type { AddressCreateInput, AddressListQuery, AddressUpdateInput } from '@studio/shared/schemas/catalogue/addresses';
import type { Address } from '@studio/shared/types/catalogue';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type AddressDoc, createRecord, deleteRecord, getRecord, listRecords, replaceRecord } from '../../data/repos/catalogue-repo';
import { allocateId } from '../../data/repos/counters-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { optionalText } from './values';

const m = catalogueMessages.addresses;
const COLLECTION = 'addresses';
/** A customer's address book is short; the cap keeps one account from filling the store. */
export const ADDRESSES_PER_CUSTOMER = 10;

/** Someone else's address is answered like a missing one, so ids reveal nothing (ADR 0014). */
const notFound = () => new AppError('not-found', 'addresses/not-found', m.notFound);

function toAddressDto(doc: AddressDoc): Address {
  return {
    address_id: doc.address_id,
    customer_id: doc.customer_id,
    street: doc.street,
    number: doc.number,
    interior_number: doc.interior_number,
    neighborhood: doc.neighborhood,
    city: doc.city,
    state: doc.state,
    country: doc.country,
    zip_code: doc.zip_code,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

function addressFields(input: AddressCreateInput, before: AddressDoc | null) {
  return {
    street: optionalText(input.street, before?.street),
    number: optionalText(input.number, before?.number),
    interior_number: optionalText(input.interior_number, before?.interior_number),
    neighborhood: optionalText(input.neighborhood, before?.neighborhood),
    city: input.city.trim(),
    state: input.state.trim(),
    country: input.country.trim(),
    zip_code: optionalText(input.zip_code, before?.zip_code),
  };
}

const byId = (a: AddressDoc, b: AddressDoc) => a.address_id - b.address_id;

/** The caller's addresses; an admin may name any customer_id, a customer only their own (403 otherwise). */
export async function listAddresses(deps: Deps, identity: VerifiedIdentity, query: AddressListQuery): Promise<Address[]> {
  let where: { field: string; value: unknown } = { field: 'uid', value: identity.uid };
  if (query.customer_id !== undefined) {
    if (!identity.admin) {
      const own = await getCustomerByUid(deps.store, identity.uid);
      if (own?.customer_id !== query.customer_id) throw new AppError('forbidden', 'auth/forbidden', messages.auth.forbidden);
    }
    where = { field: 'customer_id', value: query.customer_id };
  }
  const docs = await listRecords<AddressDoc>(deps.store, COLLECTION, where);
  return docs.sort(byId).map(toAddressDto);
}

/** Owner's or, for admins, anyone's. */
export async function getAddress(deps: Deps, identity: VerifiedIdentity, addressId: number): Promise<Address> {
  const doc = await getRecord<AddressDoc>(deps.store, COLLECTION, addressId);
  if (!doc || (doc.uid !== identity.uid && !identity.admin)) throw notFound();
  return toAddressDto(doc);
}

/** Writes are the owner's alone, admins included: an admin edits their own address book here. */
async function ownAddress(deps: Deps, tx: Transaction, identity: VerifiedIdentity, addressId: number): Promise<AddressDoc> {
  const doc = await getRecord<AddressDoc>(deps.store, COLLECTION, addressId, tx);
  if (!doc || doc.uid !== identity.uid) throw notFound();
  return doc;
}

export async function createAddress(deps: Deps, identity: VerifiedIdentity, input: AddressCreateInput): Promise<Address> {
  const doc = await deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerByUid(deps.store, identity.uid, tx);
    if (!customer) throw new AppError('not-found', 'customer/not-found', messages.customer.notFound);
    const existing = await listRecords<AddressDoc>(deps.store, COLLECTION, { field: 'uid', value: identity.uid }, tx);
    if (existing.length >= ADDRESSES_PER_CUSTOMER) {
      throw new AppError('conflict', 'addresses/limit-reached', fill(m.limitReached, { n: ADDRESSES_PER_CUSTOMER }));
    }
    const addressId = await allocateId(deps.store, tx, COLLECTION);
    const now = deps.now();
    const created: AddressDoc = {
      address_id: addressId,
      customer_id: customer.customer_id,
      uid: identity.uid,
      ...addressFields(input, null),
      createdAt: now,
      updatedAt: now,
    };
    createRecord(deps.store, tx, COLLECTION, addressId, created);
    return created;
  });
  return toAddressDto(doc);
}

export async function updateAddress(deps: Deps, identity: VerifiedIdentity, input: AddressUpdateInput): Promise<Address> {
  const doc = await deps.store.runTransaction(async (tx) => {
    const before = await ownAddress(deps, tx, identity, input.address_id);
    const after: AddressDoc = { ...before, ...addressFields(input, before), updatedAt: deps.now() };
    replaceRecord(deps.store, tx, COLLECTION, before.address_id, after);
    return after;
  });
  return toAddressDto(doc);
}

/** Personal data: deleted for real. */
export async function deleteAddress(deps: Deps, identity: VerifiedIdentity, addressId: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const doc = await ownAddress(deps, tx, identity, addressId);
    deleteRecord(deps.store, tx, COLLECTION, doc.address_id);
  });
}
