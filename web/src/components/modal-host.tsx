import { messages } from '@studio/shared/messages';
import { Modal } from './modal';
import { answerConfirm, closeModal, useModalStore } from './modal-store';

export function ModalHost() {
  const current = useModalStore((state) => state.current);
  if (!current) return null;
  if (current.kind === 'content') {
    return (
      <Modal title={current.title} onClose={closeModal}>
        {current.body}
      </Modal>
    );
  }
  return (
    <Modal title={messages.common.confirmTitle} onClose={() => answerConfirm(false)}>
      <p>{current.message}</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => answerConfirm(false)}>
          {messages.common.cancel}
        </button>
        <button type="button" className="button" onClick={() => answerConfirm(true)}>
          {messages.common.confirm}
        </button>
      </div>
    </Modal>
  );
}
