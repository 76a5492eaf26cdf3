/** Spanish texts of the access area (grants, credits, ledger, videos); part of the one catalogue in ../messages.ts. */
export const accessMessages = {
  lotRevoked: 'Estos créditos fueron revocados y ya no se pueden usar.',
  insufficientCredits: 'No hay suficientes clases disponibles.',
} as const;
