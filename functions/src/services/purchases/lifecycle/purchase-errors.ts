import { checkoutMessages } from '@studio/shared/messages/checkout';
import { AppError } from '../../../domain/errors';

export const purchaseNotFound = () => new AppError('not-found', 'purchases/not-found', checkoutMessages.purchaseNotFound);
