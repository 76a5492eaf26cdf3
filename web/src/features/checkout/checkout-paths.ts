export function checkoutPath(classPackageId: number): string {
  return `/checkout/${classPackageId}`;
}

export function orderPath(purchaseId: number): string {
  return `/gracias/${purchaseId}`;
}
