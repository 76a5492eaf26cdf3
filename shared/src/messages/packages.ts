/** Spanish texts of the packages area; part of the one catalogue in ../messages.ts. */
export const packagesMessages = {} as const;
