/** Spanish texts of the schedule area; part of the one catalogue in ../messages.ts. */
export const scheduleMessages = {} as const;
