import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/** Per-class-type credits a package grants instead of (or besides) general credits. */
export interface ClassPackageTypeEntry {
  class_type_id: number;
  class_amount: number;
  expiration_days: number | null;
}

/** class_packages/{class_package_id}; field names are the spec's. */
export interface ClassPackageDoc {
  class_package_id: number;
  title: string;
  description: string | null;
  short_description: string | null;
  price: number;
  sale_price: number | null;
  /** -1 = unlimited. */
  class_amount: number;
  expiration_days: number | null;
  is_subscription: boolean;
  subscription_period: 'day' | 'month' | 'year' | null;
  subscription_interval: number | null;
  is_trial: boolean;
  free_trial_length: number | null;
  free_trial_period: string | null;
  is_special_event: boolean;
  limit_per_customer: number | null;
  class_package_types: ClassPackageTypeEntry[];
  downloadable: boolean;
  file_url: string | null;
  /** Grants access to on-demand videos instead of in-person classes. */
  is_online: boolean;
  /** Shown in the landing page's packages section. */
  home: boolean;
  status: 'active' | 'inactive';
  image: { src: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

export const classPackageRef = (store: DocumentStore, id: number) => store.doc(`class_packages/${id}`);

export async function getClassPackage(store: DocumentStore, id: number, tx?: Transaction): Promise<ClassPackageDoc | null> {
  const snap = await readDoc(classPackageRef(store, id), tx);
  return snap.exists ? (snap.data() as unknown as ClassPackageDoc) : null;
}
