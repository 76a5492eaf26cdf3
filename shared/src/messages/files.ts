/** Spanish texts of the files area; part of the one catalogue in ../messages.ts. */
export const filesMessages = {} as const;
