import type { SignupInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/api';
import { api } from '../../lib/api-client';

export async function isPhoneAvailable(phone: string): Promise<boolean> {
  const { available } = await api.get<{ available: boolean }>(`/customer/phone?phone=${encodeURIComponent(phone)}`);
  return available;
}

export async function registerCustomer(input: SignupInput): Promise<Customer> {
  const { customer } = await api.post<{ customer: Customer }>('/customer/signup', input);
  return customer;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post<{ message: string }>('/customer/recover', { email });
}

export async function fetchOwnCustomer(): Promise<Customer> {
  const { customer } = await api.get<{ customer: Customer }>('/customer');
  return customer;
}
