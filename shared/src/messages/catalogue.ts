/** Spanish texts of the catalogue area; part of the one catalogue in ../messages.ts. */
export const catalogueMessages = {} as const;
