import { describe, expect, it } from 'vitest';
import { newCustomerDoc } from '../../../src/services/customers/new-customer';
import { buildSearchTerms } from '../../../src/services/customers/search-terms';

// One builder for a customer's first record, used by sign-up and by the front desk (issue 26, finding 5).
describe('a new customer record', () => {
  const now = new Date('2026-11-28T18:00:00.000Z');

  it('trims the names and optional texts, keeps blanks as null, and starts with no photo and no membership', () => {
    const doc = newCustomerDoc(
      { customerId: 412, uid: 'uid-paola', email: 'paola@example.com' },
      {
        name: '  Paola ',
        last_name: ' Prueba  ',
        phone: '5512345678',
        instagram: '   ',
        birthdate: '1990-04-02',
        signup_reason: 'Otro',
        signup_reason_other: ' Una amiga ',
      },
      now,
    );
    expect(doc).toEqual({
      customer_id: 412,
      uid: 'uid-paola',
      name: 'Paola',
      last_name: 'Prueba',
      email: 'paola@example.com',
      phone: '5512345678',
      instagram: null,
      birthdate: '1990-04-02',
      signup_reason: 'Otro',
      signup_reason_other: 'Una amiga',
      file: null,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      search_terms: buildSearchTerms({ name: 'Paola', last_name: 'Prueba', email: 'paola@example.com', phone: '5512345678' }),
      createdAt: now,
      updatedAt: now,
    });
  });

  it('leaves unanswered optional fields null', () => {
    const doc = newCustomerDoc({ customerId: 1, uid: 'u', email: 'a@example.com' }, { name: 'Ana', last_name: 'Ruiz', phone: '5500000000' }, now);
    expect(doc).toMatchObject({ instagram: null, birthdate: null, signup_reason: null, signup_reason_other: null });
  });
});
