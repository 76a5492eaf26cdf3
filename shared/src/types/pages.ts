import type { Wire } from './wire';

/** pages/{page_id}: a content page (legal texts among them). Nothing about it is server-only. */
export interface PageFields {
  page_id: number;
  title: string;
  slug: string;
  content: string | null;
  required: boolean;
  required_signup: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type Page = Wire<PageFields>;

/** customers/{uid}/accepted_pages/{page_id}: when a customer accepted a page. */
export interface AcceptedPageFields {
  page_id: number;
  customer_id: number;
  accepted_at: Date;
}

export type AcceptedPage = Wire<AcceptedPageFields>;
