import type { ClassPackage } from '@studio/shared/types/class-packages';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';

/**
 * Who reads the package. The catalogue (`public`) never carries a
 * downloadable package's `file_url`: the material is the buyers' (they get
 * it through GET /purchases/{id}/download); only admins, who edit it, see it.
 */
export type PackageViewer = 'public' | 'admin';

/** What a package sells and on which terms, as stored: the part its answer and its edit form share. */
export function packageTerms(doc: ClassPackageDoc) {
  return {
    title: doc.title,
    description: doc.description,
    short_description: doc.short_description,
    price: doc.price,
    sale_price: doc.sale_price,
    class_amount: doc.class_amount,
    expiration_days: doc.expiration_days,
    is_subscription: doc.is_subscription,
    subscription_period: doc.subscription_period,
    subscription_interval: doc.subscription_interval,
    is_trial: doc.is_trial,
    free_trial_length: doc.free_trial_length,
    is_special_event: doc.is_special_event,
    limit_per_customer: doc.limit_per_customer,
    purchase_limit: doc.purchase_limit ?? null,
    allowed_times: doc.allowed_times ?? null,
  };
}

/** What the API shows of a package; `classTypeNames` names the per-type entries (missing types show null). */
export function toClassPackageDto(doc: ClassPackageDoc, classTypeNames: ReadonlyMap<number, string>, viewer: PackageViewer): ClassPackage {
  return {
    class_package_id: doc.class_package_id,
    package_id: doc.class_package_id,
    ...packageTerms(doc),
    free_trial_period: doc.is_trial ? 'day' : null,
    class_package_types: doc.class_package_types.map((entry) => {
      const name = classTypeNames.get(entry.class_type_id);
      return {
        class_type_id: entry.class_type_id,
        class_type: name === undefined ? null : { class_type_id: entry.class_type_id, name },
        class_amount: entry.class_amount,
        expiration_days: entry.expiration_days,
      };
    }),
    downloadable: doc.downloadable,
    file_url: viewer === 'admin' ? doc.file_url : null,
    is_online: doc.is_online,
    home: doc.home,
    status: doc.status,
    image: doc.image,
    receipt_file: doc.receipt_file ?? null,
    archivedAt: doc.archivedAt?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export const classTypeIdsOf = (docs: readonly ClassPackageDoc[]) => docs.flatMap((doc) => doc.class_package_types.map((entry) => entry.class_type_id));
