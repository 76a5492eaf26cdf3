import type { ClassPackage, ClassPackageFields } from '@studio/shared/types/class-packages';
import type { Customer } from '@studio/shared/types/customers';
import type { Wire } from '@studio/shared/types/wire';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClassPackageDoc } from '../../../src/data/repos/class-packages-repo';
import type { CustomerDoc } from '../../../src/data/repos/customers-repo';
import type { VideoDoc } from '../../../src/data/repos/videos-repo';
import { toClassPackageDto } from '../../../src/services/packages/package-dto';

// Type-level: tsc checks these (npm run typecheck); at run time they pass trivially.
describe('Wire<T>: a stored shape as JSON', () => {
  it('turns dates into ISO strings, nullable and optional ones too, at any depth', () => {
    interface Stored {
      at: Date;
      maybe: Date | null;
      later?: Date | null;
      nested: { at: Date; list: Array<{ at: Date; n: number }> };
      map: Record<string, { at: Date }>;
      kept: { text: string; flag: boolean; ids: number[]; any: unknown };
    }
    expectTypeOf<Wire<Stored>>().toEqualTypeOf<{
      at: string;
      maybe: string | null;
      later?: string | null;
      nested: { at: string; list: Array<{ at: string; n: number }> };
      map: Record<string, { at: string }>;
      kept: { text: string; flag: boolean; ids: number[]; any: unknown };
    }>();
  });

  it('keeps server-only fields off the wire and wire-only fields out of the store', () => {
    expectTypeOf<CustomerDoc>().toHaveProperty('search_terms');
    expectTypeOf<Customer>().not.toHaveProperty('search_terms');
    expectTypeOf<Customer>().toHaveProperty('is_admin');
    expectTypeOf<CustomerDoc>().not.toHaveProperty('is_admin');
    expectTypeOf<VideoDoc['release_date']>().toEqualTypeOf<Date>();
    expectTypeOf<Customer['unlimited_membership_expiration']>().toEqualTypeOf<string | null>();
  });

  it('derives both sides of a package from one field list', () => {
    expectTypeOf<ClassPackageDoc>().toExtend<ClassPackageFields>();
    expectTypeOf<ClassPackage['archivedAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<ClassPackage['receipt_file']>().toEqualTypeOf<{ src: string } | null>();
    expectTypeOf(toClassPackageDto).returns.toEqualTypeOf<ClassPackage>();
  });
});
