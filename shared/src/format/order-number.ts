import { fill, messages } from '../messages';

/**
 * The order as the customer was told it ('Orden #00{id}': the order page's
 * title and the e-mails, spec "Order page"): '#00' and the purchase id,
 * unpadded. The desk shows the same words, so what the customer reads out
 * is what the screen says.
 */
export function orderTitle(purchaseId: number): string {
  return fill(messages.screens.orderTitle, { id: purchaseId });
}

/** The number alone, for a column already headed 'Orden' (the CSV exports): '#00123'. */
export function orderNumber(purchaseId: number): string {
  return `#00${purchaseId}`;
}

/** The largest purchase id a search takes: ids are counters (ADR 0004), far below this. */
const MAX_ID = 9_999_999_999;

/**
 * The purchase id in what the desk typed, when it reads as an order number:
 * '#00123', '00123', '123', '# 123', 'Orden #00123' (any case, leading zeros
 * dropped); null for anything else (a name, an e-mail, '#0'). A bare number
 * may also be a phone: callers look it up as both.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:orden\s*)?(?:#\s*)?0*([1-9]\d{0,9})$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= MAX_ID ? id : null;
}
