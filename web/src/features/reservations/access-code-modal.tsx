import { fill } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { QRCodeSVG } from 'qrcode.react';
import { Modal } from '../../components/modal';
import { accessCodeUrl } from './reservation-rules';

/** Spec §9: 256 by default. */
const QR_SIZE = 256;

/**
 * 'Código de Acceso' (customer-area §2, qrcode_enabled): the QR encodes the
 * admin's reservation page with the check-in code, so the front desk's phone
 * opens it; the code is printed too for reading it out.
 */
export function AccessCodeModal({ reservation, heading, onClose }: { reservation: ClassReservation; heading: string; onClose: () => void }) {
  const code = reservation.access_code ?? '';
  return (
    <Modal title={m.accessCode} onClose={onClose}>
      <div className="access-code">
        <p>{heading}</p>
        <QRCodeSVG
          value={accessCodeUrl(window.location.origin, reservation)}
          size={QR_SIZE}
          marginSize={4}
          role="img"
          aria-label={fill(m.accessCodeQrLabel, { code })}
          className="access-code__qr"
        />
        <p className="access-code__code">{code}</p>
        <p className="muted">{m.accessCodeHint}</p>
      </div>
    </Modal>
  );
}
